//! Level-file speed: parsing a 3,000-level XSB collection (built by repeating the published test
//! collections), and `.bxb` / `.bxa` read and write throughput on the same levels.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pushbox::core::files;
use pushbox::core::formats::{bxa, bxb, xsb};
use pushbox::core::level::Collection;

fn big_collection() -> Collection {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/levels");
    let mut source = Vec::new();
    for rel in ["microban/Microban_155.xsb", "xsokoban/XSokoban_90.xsb"] {
        source.extend(
            files::load(&root.join(rel))
                .expect("test data in tests/data")
                .collection
                .levels,
        );
    }
    let levels = source.iter().cycle().take(3000).cloned().collect();
    Collection {
        name: "Big".into(),
        levels,
        ..Collection::default()
    }
}

fn bench(c: &mut Criterion) {
    let big = big_collection();
    let text = xsb::write(&big);
    let (bin, _) = bxb::write(&big);
    let bxa_text = bxa::write(&big);
    assert_eq!(xsb::read("big.xsb", &text).unwrap().levels.len(), 3000);
    eprintln!(
        "3000 levels: XSB {} bytes, .bxb {} bytes, .bxa {} bytes",
        text.len(),
        bin.len(),
        bxa_text.len()
    );
    let mut g = c.benchmark_group("formats");
    g.sample_size(20);
    g.measurement_time(std::time::Duration::from_secs(3));
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("xsb_parse_3000_levels", |b| {
        b.iter(|| black_box(xsb::read("big.xsb", black_box(&text)).unwrap()))
    });
    g.bench_function("xsb_write_3000_levels", |b| {
        b.iter(|| black_box(xsb::write(black_box(&big))))
    });
    g.throughput(Throughput::Bytes(bin.len() as u64));
    g.bench_function("bxb_read_3000_levels", |b| {
        b.iter(|| black_box(bxb::read("big.bxb", black_box(&bin)).unwrap()))
    });
    g.bench_function("bxb_write_3000_levels", |b| {
        b.iter(|| black_box(bxb::write(black_box(&big))))
    });
    g.throughput(Throughput::Bytes(bxa_text.len() as u64));
    g.bench_function("bxa_read_3000_levels", |b| {
        b.iter(|| black_box(bxa::read("big.bxa", black_box(&bxa_text)).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
