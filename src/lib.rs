//! Host package for drt's end-to-end tests (`tests/`); it has no code of its own.
