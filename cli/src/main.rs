//! The `motley` command-line tool (skeleton; the full CLI is issue 7).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [cmd, variant] if cmd == "analyze" => {
            println!("motley: {variant} engine not built yet; see the open issues");
        }
        _ => {
            eprintln!("error: usage: motley analyze <VARIANT>");
            std::process::exit(2);
        }
    }
}
