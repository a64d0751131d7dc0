//! Random-input tests of every reader: any bytes or text give a value or an error, never a panic,
//! and never an allocation beyond what the input justifies.

use proptest::prelude::*;

use super::*;

fn kangjia_bytes() -> Vec<u8> {
    bxb::write(&bxb::tests::kangjia()).0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn bxb_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = bxb::read("fuzz.bxb", &bytes);
    }

    #[test]
    fn bxb_mutated_good_file(flips in prop::collection::vec((0usize..297, any::<u8>()), 1..8), cut in 0usize..300) {
        let mut bytes = kangjia_bytes();
        for (at, v) in flips {
            bytes[at] = v;
        }
        bytes.truncate(cut);
        if let Err(e) = bxb::read("fuzz.bxb", &bytes) {
            prop_assert!(e.to_string().starts_with("fuzz.bxb"));
        }
    }

    #[test]
    fn bxa_random_text(text in "(PushBox BXA 1\n)?(Group: x\n|Levels: [0-9]\n|Level: [0-9]\n|Size: [0-9]x[0-9]\n|Solved: (yes|no)\n|Steps: [0-9]\n|Pushes: [0-9]\n|Recording: [lurdx]{0,3}\n|[-+#%xX()@]{0,6}\n){0,14}") {
        let _ = bxa::read("fuzz.bxa", &text);
    }

    #[test]
    fn bxa_mutated_good_file(at in 0usize..400, ch in any::<char>()) {
        let mut text: Vec<char> = bxa::write(&bxb::tests::kangjia()).chars().collect();
        let at = at % text.len();
        text[at] = ch;
        let text: String = text.into_iter().collect();
        let _ = bxa::read("fuzz.bxa", &text);
    }

    #[test]
    fn xsb_random_text(text in "([ #@+$*.\\-_pPbBW0-9|();:a-zA-Z]{0,12}\r?\n){0,20}") {
        let _ = xsb::read("fuzz.xsb", &text);
    }

    #[test]
    fn rle_random(text in "[0-9#@$.()|-]{0,30}") {
        let _ = rle::decode(&text);
    }

    #[test]
    fn any_bytes_as_text(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = read(Format::Xsb, "fuzz.txt", &bytes);
        let _ = read(Format::Bxa, "fuzz.bxa", &bytes);
    }
}
