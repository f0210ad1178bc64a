#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| loopwright_fuzz_checks::mcp::check(data));
