//! Explores every example type and prints what drt finds: the README's main
//! command, `cargo run --release -p drt-examples`.

use drt_examples::{
    arena, bank, batch, bitmap, bitpack, bitset, blob, bugfree, bytes, cache, calendar, carousel, checksum, chunked,
    clearing, deque, edge, fifo, frames, histogram, history, index, inline_stack, journal, ledger, limiter, lines, lru,
    money, ordered, outbox, permissions, playlist, queue, raster, ratio, readbuf, recent, retry, ring, route, samples,
    scratch, seats, settings, span, sparse, stock, store, tags, tally, tasks, text, timeline, units, username, version,
    wallet, wide,
};

/// One example type: its name, its planted bug, and how to explore it.
type Example = (&'static str, &'static str, fn() -> drt::Report);

fn main() {
    let mut runs: Vec<Example> = vec![
        ("ring::RingBuffer", "wrap-around", || drt::explore::<ring::RingBuffer>().report()),
        ("bank::Account", "overflow at a boundary", || drt::explore::<bank::Account>().report()),
        ("inline_stack::InlineStack", "off-by-one after 9 pushes", || {
            drt::explore::<inline_stack::InlineStack>().report()
        }),
        ("histogram::Histogram", "merge of two values", || drt::explore::<histogram::Histogram>().report()),
        ("username::Username", "Hash disagrees with a case-insensitive Eq", || {
            drt::explore::<username::Username>().report()
        }),
        ("version::Version", "Ord ignores a field that Eq compares", || drt::explore::<version::Version>().report()),
        ("playlist::Playlist", "Clone drops state", || drt::explore::<playlist::Playlist>().report()),
        ("ledger::Ledger", "invariant broken by compact after two records", || {
            drt::explore::<ledger::Ledger>().report()
        }),
        ("units::Length", "unbounded recursion (stack overflow) for yards and miles", || {
            drt::explore::<units::Length>().report()
        }),
        ("arena::Arena", "abort on a double free", || drt::explore::<arena::Arena>().report()),
        ("index::SortedIndex", "infinite loop in a binary search", || {
            drt::explore::<index::SortedIndex>().call_timeout(std::time::Duration::from_secs(1)).report()
        }),
        ("lru::LruCache<u8, u16>", "generic: a batch insert duplicates keys", || {
            drt::explore::<lru::LruCache<u8, u16>>().report()
        }),
        ("lru::LruCache<String, i32>", "the same bug, another instance", || {
            drt::explore::<lru::LruCache<String, i32>>().report()
        }),
        ("money::Money", "operators and FromStr: -i64::MIN overflows, \"\" panics", || {
            drt::explore::<money::Money>().report()
        }),
        ("ratio::Ratio", "checked_div by a zero fraction makes a zero denominator", || {
            drt::explore::<ratio::Ratio>().report()
        }),
        ("span::Span", "FromStr multiplies in u32: the text Display writes for a long span overflows", || {
            drt::explore::<span::Span>().report()
        }),
        ("text::TextBuffer", "a Range<usize> whose start is not clamped", || {
            drt::explore::<text::TextBuffer>().report()
        }),
        ("route::Route", "generator-made cells; an iterator divides by a zero-length leg", || {
            drt::explore::<route::Route>().report()
        }),
        ("calendar::Calendar", "std argument types; inclusive ranges tested as half-open", || {
            drt::explore::<calendar::Calendar>().report()
        }),
        ("raster::Raster", "a crop of a crop runs past the view (expensive values: incremental execution)", || {
            drt::explore::<raster::Raster>().report()
        }),
        ("readbuf::ReadBuf", "free space counted at both ends, among sizes of gigabytes (sizes learned)", || {
            drt::explore::<readbuf::ReadBuf>().report()
        }),
        (
            "clearing::Clearing",
            "two aborts in one operation: an overflowing credit under a drop bomb, a transfer to oneself",
            || drt::explore::<clearing::Clearing>().report(),
        ),
        ("deque::BoundedDeque", "deep state: a re-layout of a full, wrapped ring (a dozen calls in order)", || {
            drt::explore::<deque::BoundedDeque>().report()
        }),
        ("chunked::ChunkedSet", "large state: a successor lookup across chunks (33+ elements)", || {
            drt::explore::<chunked::ChunkedSet>().report()
        }),
        ("bitpack::BitPacker", "a bit width of 64, a power of two no seed or literal gives", || {
            drt::explore::<bitpack::BitPacker>().report()
        }),
        (
            "bitmap::Bitmap",
            "a stale highest position among bitmaps of millions (expensive values: costs weighed)",
            || drt::explore::<bitmap::Bitmap>().report(),
        ),
        ("recent::RecentBytes", "Hash writes a ring's two halves apart: equal windows hash differently", || {
            drt::explore::<recent::RecentBytes>().report()
        }),
        ("tags::TagSet", "Hash disagrees with Eq for sets built in two orders (two values, two sequences)", || {
            drt::explore::<tags::TagSet>().report()
        }),
        (
            "frames::FrameDecoder",
            "a MORE frame with no message open, behind a sync word and a checksum: found with `cargo drt`",
            || drt::explore::<frames::FrameDecoder>().report(),
        ),
        ("ordered::OrderedSet", "a wrong answer: a range that stops at a chunk boundary, against BTreeSet", || {
            // In this process: a child re-runs `main` and explores at its first
            // exploration, which names no std reference (the README says so).
            drt::explore::<ordered::OrderedSet>()
                .against::<std::collections::BTreeSet<u32>>()
                .isolation(drt::Isolation::InProcess)
                .report()
        }),
        ("timeline::Timeline", "a wrong answer: a range that includes its end, against BTreeMap", || {
            drt::explore::<timeline::Timeline>()
                .against::<std::collections::BTreeMap<u32, u32>>()
                .isolation(drt::Isolation::InProcess)
                .report()
        }),
        ("wide::U128", "a wrong overflow flag of a 128-bit integer made of two halves, against u128", || {
            drt::explore::<wide::U128>().against::<u128>().isolation(drt::Isolation::InProcess).report()
        }),
        ("tasks::TaskQueue", "a wrong answer: pops out of priority order, against a ten-line model", || {
            drt::explore::<tasks::TaskQueue>().against::<tasks::QueueModel>().report()
        }),
        ("seats::Seats", "a wrong count inside an error (SoldOut { free }), against a model", || {
            drt::explore::<seats::Seats>().against::<seats::SeatsModel>().report()
        }),
        ("cache::RecentCache", "a put that evicts its own key, caught by an `ensures` postcondition", || {
            drt::explore::<cache::RecentCache>().report()
        }),
        ("batch::Batch", "an extend that takes an iterator's size_hint lower bound for a count", || {
            drt::explore::<batch::Batch>().report()
        }),
        ("lines::LineCounter", "a short read taken for the end of the input, against a model", || {
            drt::explore::<lines::LineCounter>().against::<lines::LineModel>().report()
        }),
        ("checksum::Checksum", "an interrupted read returned as an error instead of retried, against a model", || {
            drt::explore::<checksum::Checksum>().against::<checksum::ChecksumModel>().report()
        }),
        ("stock::Stock", "bins lost when the predicate of retain panics (unwind safety), by an invariant", || {
            drt::explore::<stock::Stock>().report()
        }),
        ("samples::Samples", "an unchecked write past the end, trusting a lying iterator's size_hint", || {
            drt::explore::<samples::Samples>().report()
        }),
        ("edge::EdgeCache", "bytes still counted for an entry dropped when the mocked origin fails", || {
            drt::explore::<edge::EdgeCache>().report()
        }),
        ("retry::Backoff", "a wait that overflows when the retried closure never succeeds", || {
            drt::explore::<retry::Backoff>().report()
        }),
        ("limiter::RateLimiter", "an underflow when the mocked clock goes backwards", || {
            drt::explore::<limiter::RateLimiter>().report()
        }),
        ("wallet::WalletLaws", "money lost past u64::MAX, found by a parameterized test", || {
            drt::explore::<wallet::WalletLaws>().report()
        }),
        ("journal::Journal", "a flush that clears what a short write did not take", || {
            drt::explore::<journal::Journal>().report()
        }),
        // Bugs only a law finds: wrong answers, checked with no code.
        ("sparse::SparseSet", "law contains_iter: a removed member still iterated", || {
            drt::explore::<sparse::SparseSet>().report()
        }),
        ("queue::RingQueue", "law peek_pop: a back() that is not what pop_back() returns", || {
            drt::explore::<queue::RingQueue>().report()
        }),
        ("tally::Tally", "laws len_iter and is_empty: a total that counts withdrawn votes", || {
            drt::explore::<tally::Tally>().report()
        }),
        ("history::History", "laws exact_size and size_hint: a full ring's iterator says none is left", || {
            drt::explore::<history::History>().report()
        }),
        ("bitset::BitSet", "law iter_methods: a count() of stale bits", || drt::explore::<bitset::BitSet>().report()),
        ("settings::Settings", "law default_new: a derived Default that is not new()", || {
            drt::explore::<settings::Settings>().report()
        }),
        ("outbox::Outbox", "law capacity: an is_full() that misses the capacity", || {
            drt::explore::<outbox::Outbox>().report()
        }),
        ("carousel::Carousel", "law get_iter: a get() that forgets the rotation", || {
            drt::explore::<carousel::Carousel>().report()
        }),
        ("permissions::Permissions", "law op_assign: an in-place intersection that keeps the end", || {
            drt::explore::<permissions::Permissions>().report()
        }),
        ("store::Store", "law get_remove: a remove that returns the oldest version of a key", || {
            drt::explore::<store::Store>().report()
        }),
        ("bugfree::SortedSet", "none", || drt::explore::<bugfree::SortedSet>().report()),
        ("bugfree::SortedSet vs BTreeSet<i32>", "none: no false divergence", || {
            drt::explore::<bugfree::SortedSet>()
                .against::<std::collections::BTreeSet<i32>>()
                .isolation(drt::Isolation::InProcess)
                .report()
        }),
    ];
    // Memory errors need valgrind's memcheck: explored only where it is installed.
    let valgrind =
        std::process::Command::new("valgrind").arg("--version").output().is_ok_and(|out| out.status.success());
    if valgrind {
        let memory: [Example; 4] = [
            ("bytes::ByteBuf", "memcheck: a use after free when the buffer grows", || {
                drt::explore::<bytes::ByteBuf>().memcheck(true).max_sequences(300).report()
            }),
            ("fifo::Fifo", "memcheck: a write one byte past the ring's block", || {
                drt::explore::<fifo::Fifo>().memcheck(true).max_sequences(300).report()
            }),
            ("scratch::Scratch", "memcheck: set_len over bytes never written", || {
                drt::explore::<scratch::Scratch>().memcheck(true).max_sequences(300).report()
            }),
            ("blob::Blob", "memcheck: a double free of a block a clone shares", || {
                drt::explore::<blob::Blob>().memcheck(true).max_sequences(300).report()
            }),
        ];
        runs.extend(memory);
    } else {
        println!(
            "=== skipping the four memory-error examples (bytes, fifo, scratch, blob): they run under \
             valgrind's memcheck, which is not on PATH (sudo apt-get install valgrind) ===\n"
        );
    }
    let mut summary = Vec::new();
    for (name, bug, explore) in runs {
        println!("=== exploring drt_examples::{name} (planted bug: {bug}) ===\n");
        let report = explore();
        println!("{report}");
        let first = report.failures.first();
        summary.push((
            name,
            report.failures.len(),
            first.map_or("-".to_string(), |f| f.sequences_before.to_string()),
            first.map_or("-".to_string(), |f| f.len.to_string()),
            report.stats.sequences,
        ));
    }
    println!("=== summary ===\n");
    println!("| type | failures | sequences before the first | calls in its test | sequences run |");
    println!("|---|---|---|---|---|");
    for (name, n, before, len, total) in summary {
        println!("| {name} | {n} | {before} | {len} | {total} |");
    }
}
