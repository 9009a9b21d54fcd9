//! Memory: how much this machine (or its container) has, and the ceiling an
//! exploring child process puts on itself (`DRT_MEMORY_LIMIT`). Under the
//! ceiling, a runaway allocation in user code fails one allocation in the
//! child, which aborts with `memory allocation of N bytes failed`; the
//! supervisor reports that as a crash with its sequence, as it does any
//! other, instead of the kernel's OOM killer taking the test run (or the
//! machine) down with every finding.

/// The default ceiling of each of `children` exploring at once: half the
/// memory this process may use (the machine's, or its container's when
/// lower), shared among them, and at least 1 GiB; none where drt cannot
/// tell (outside Linux).
pub(crate) fn default_limit(children: usize) -> Option<u64> {
    available().map(|bytes| (bytes / 2 / children.max(1) as u64).max(1 << 30))
}

/// The memory this process may use: the machine's physical memory, or its
/// cgroup's limit when that is lower (a container or a CI runner's slice).
fn available() -> Option<u64> {
    let physical = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| meminfo_total(&text))?;
    let cgroup = ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]
        .iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .find_map(|text| text.trim().parse::<u64>().ok());
    Some(cgroup.map_or(physical, |limit| limit.min(physical)))
}

/// The memory this process holds in RAM now (`VmRSS`), where the platform
/// tells (Linux).
pub(crate) fn resident() -> Option<u64> {
    kib_field(&std::fs::read_to_string("/proc/self/status").ok()?, "VmRSS:")
}

/// `MemTotal` of `/proc/meminfo`, in bytes.
fn meminfo_total(text: &str) -> Option<u64> {
    kib_field(text, "MemTotal:")
}

/// The value of a `key   1234 kB` line of a `/proc` file, in bytes.
fn kib_field(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line[key.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// Caps the memory this process can allocate at `bytes`: its data segment
/// (`RLIMIT_DATA`, which on Linux counts the heap and every private
/// writable mapping, so every allocation), where the platform has one.
/// The ceiling only ever goes down.
pub(crate) fn limit_this_process(bytes: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: `getrlimit` and `setrlimit` only read and write the
        // struct they are given, which lives for both calls.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_DATA, &mut limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            let wanted = libc::rlim_t::try_from(bytes).unwrap_or(libc::RLIM_INFINITY);
            if limit.rlim_cur == libc::RLIM_INFINITY || wanted < limit.rlim_cur {
                limit.rlim_cur =
                    if limit.rlim_max == libc::RLIM_INFINITY { wanted } else { wanted.min(limit.rlim_max) };
            }
            if libc::setrlimit(libc::RLIMIT_DATA, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = bytes;
        Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "no memory ceiling on this platform"))
    }
}

/// A size: bytes (`1073741824`), or a number with `K`, `M`, `G` or `T`
/// (powers of 1024; `KiB`, `MB`, `GiB` read the same), or `off` for no
/// ceiling (`None`).
pub(crate) fn parse_size(s: &str) -> Option<Option<u64>> {
    let s = s.trim();
    if matches!(s.to_ascii_lowercase().as_str(), "off" | "none" | "0") {
        return Some(None);
    }
    let digits = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let (number, unit) = s.split_at(digits);
    let shift = match unit.trim().to_ascii_uppercase().trim_end_matches("IB").trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return None,
    };
    let bytes = number.parse::<f64>().ok()? * (1u64 << shift) as f64;
    (bytes.is_finite() && bytes >= 1.0 && bytes < u64::MAX as f64).then_some(Some(bytes as u64))
}

/// `512 MiB`, `1.5 GiB`, `300 KiB`, `12 bytes`.
pub(crate) fn describe(bytes: u64) -> String {
    let units = [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")];
    for (shift, unit) in units {
        if bytes >= 1 << shift {
            let value = bytes as f64 / (1u64 << shift) as f64;
            let text = format!("{value:.1}");
            return format!("{} {unit}", text.trim_end_matches(".0"));
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_binary_units_and_off() {
        assert_eq!(parse_size("1073741824"), Some(Some(1 << 30)));
        assert_eq!(parse_size("512M"), Some(Some(512 << 20)));
        assert_eq!(parse_size("512MiB"), Some(Some(512 << 20)));
        assert_eq!(parse_size("4 GB"), Some(Some(4 << 30)));
        assert_eq!(parse_size("1.5g"), Some(Some(3 << 29)));
        assert_eq!(parse_size("64k"), Some(Some(64 << 10)));
        assert_eq!(parse_size("off"), Some(None));
        assert_eq!(parse_size("0"), Some(None));
        for bad in ["lots", "5X", "-1G", "G", "0.1", "99999999999T"] {
            assert_eq!(parse_size(bad), None, "{bad}");
        }
    }

    #[test]
    fn sizes_read_back() {
        assert_eq!(describe(512 << 20), "512 MiB");
        assert_eq!(describe(3 << 29), "1.5 GiB");
        assert_eq!(describe(100), "100 bytes");
    }

    #[test]
    fn meminfo_gives_bytes() {
        let text = "MemTotal:       24579000 kB\nMemFree:         1000 kB\n";
        assert_eq!(meminfo_total(text), Some(24_579_000 * 1024));
        assert_eq!(meminfo_total("MemFree: 1 kB\n"), None);
    }

    #[test]
    fn resident_memory_is_read_where_linux_tells_it() {
        let text = "Name:\tx\nVmHWM:\t  2000 kB\nVmRSS:\t  1500 kB\n";
        assert_eq!(kib_field(text, "VmRSS:"), Some(1500 * 1024));
        assert_eq!(kib_field(text, "VmSwap:"), None);
        // This process holds at least its own code.
        assert_eq!(resident().is_some_and(|bytes| bytes > 1 << 20), cfg!(target_os = "linux"));
    }

    #[test]
    fn the_default_is_half_the_memory_and_at_least_a_gibibyte() {
        let all = available();
        assert_eq!(all.is_some(), cfg!(target_os = "linux"));
        assert_eq!(default_limit(1), all.map(|all| (all / 2).max(1 << 30)));
    }
}
