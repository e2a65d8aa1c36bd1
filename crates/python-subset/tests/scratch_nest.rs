use python_subset::{Limits, run};
#[test]
fn probe() {
    let i: usize = std::env::var("CASE").unwrap().parse().unwrap();
    let kb: usize = std::env::var("KB").unwrap().parse().unwrap();
    let srcs = [
        format!("x = {}1{}\n", "(".repeat(1000), ")".repeat(1000)),
        format!("x = {}1\n", "-".repeat(1000)),
        format!("x = 2{}\n", " ** 2".repeat(1000)),
        format!("x = 0{}\n", " if 1 else 0".repeat(1000)),
        (0..110).map(|i| format!("{}if x:\n", " ".repeat(i))).collect::<String>() + &" ".repeat(110) + "pass\n",
        format!("x = f'{{{}1{}}}'\n", "(".repeat(99), ")".repeat(99)),
        format!("x = {}1{}\n", "(".repeat(99), ")".repeat(99)),
    ];
    let src = srcs[i].clone();
    let r = std::thread::Builder::new().stack_size(kb << 10).spawn(move || run(&src, &Limits::default()).result.err().map(|e| e.to_string())).unwrap().join().unwrap();
    println!("RESULT {r:?}");
}
