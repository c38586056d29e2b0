// speedscope-peer.js BUNDLE RUNS PROFILE: speedscope's own Callgrind importer
// as a peer for `make bench` (BENCHMARKS.md, "Flame graphs and views").
//
// BUNDLE is the application script of speedscope's npm package
// (package/dist/release/speedscope-*.js), fetched by bench/run.sh with
// `npm pack`; nothing of it is kept in this repository.  Its last statement
// draws the user interface: it is replaced by one that hands out the
// function the importer's own file detection calls for a Callgrind file,
// after running the lazy initializer of that module.  The names are the
// minified ones of version 1.25.0 (run.sh asks for that version); when they
// are not found this script says so and exits 2.
//
// Prints "WEIGHT MS_FIRST MS_MEDIAN": the profile's total weight (the
// program total, to check it read the same file), the first import's
// milliseconds (what a user waits for) and the median of RUNS imports.
"use strict";
const fs = require("fs");
const vm = require("vm");

const [bundlePath, runsArg, profilePath] = process.argv.slice(2);
let src = fs.readFileSync(bundlePath, "utf8");
const draw = /mo\(C\(Os,null,C\(Rf,null\)\),document\.body,document\.body\.lastElementChild\|\|void 0\);/;
const init = src.match(/function Hl\(t,e\)\{return new Tl\(t,e\)\.parse\(\)\}var Ll,Tl,(\w+)=re\(/);
if (!draw.test(src) || !init) {
	console.error("speedscope-peer: not the bundle of speedscope 1.25.0");
	process.exit(2);
}
src = src.replace(draw, `globalThis.__importCallgrind=(f,n)=>{${init[1]}();return Hl(f,n)};`);

// The script touches the browser's objects as it loads: anything will do.
const any = new Proxy(function () {}, {
	get: (t, k) => (k === Symbol.toPrimitive ? () => "" : any),
	apply: () => any,
	construct: () => any,
});
for (const g of ["window", "document", "navigator", "localStorage", "location", "matchMedia",
		 "requestAnimationFrame", "devicePixelRatio", "addEventListener", "HTMLElement",
		 "HTMLCanvasElement", "Image", "getComputedStyle"])
	if (!(g in globalThis))
		globalThis[g] = any;
const log = console.log;
console.log = () => {};
vm.runInThisContext(src, { filename: bundlePath });

const text = fs.readFileSync(profilePath, "utf8");
const file = { splitLines: () => text.split("\n"), firstChunk: () => text.slice(0, 4096) };
const times = [];
let weight = 0;
for (let i = 0; i < Math.max(1, Number(runsArg) || 1); i++) {
	const t0 = process.hrtime.bigint();
	let group;
	try {
		group = globalThis.__importCallgrind(file, "callgrind.out");
	} catch (e) {
		console.error(`speedscope-peer: the importer fails: ${String(e.message).slice(0, 200)}`);
		process.exit(3);
	}
	times.push(Number(process.hrtime.bigint() - t0) / 1e6);
	weight = group.profiles.reduce((s, p) => s + p.getTotalWeight(), 0);
}
const first = times[0];
times.sort((a, b) => a - b);
log(`${weight} ${first.toFixed(1)} ${times[times.length >> 1].toFixed(1)}`);
