#!/usr/bin/env node
/*
 * Drive headless Chromium (Debian's chromium, through puppeteer-core from
 * the npm registry, installed by tests/html/setup.sh) over annogrind's
 * --format=html pages and check what a person would see and do.
 *
 * usage: check-html.js [--shots DIR] KIND HTML PROFILE [KIND HTML PROFILE]...
 *
 * KIND is "profile", "diff" or "hostile"; PROFILE is the profile the page
 * was made from (read here by a reader of its own, never by annogrind),
 * or "-".  Prints "PASS what" / "FAIL what" lines and a last line
 * "html browser: N passed, N failed".
 */
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const puppeteer = require('puppeteer-core');

let passed = 0, failed = 0;
function check(ok, what) {
	if (ok) passed++; else failed++;
	console.log((ok ? 'PASS ' : 'FAIL ') + what);
	return ok;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* ---- the page's data, read here (the packing of report_html.c) ---- */

function unpack(s) {
	const t = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef', m = 'ghijklmnopqrstuvwxyz0123456789-_', out = [];
	let v = 0;
	for (const ch of s || '') {
		let d = t.indexOf(ch);
		if (d >= 0) { out.push(v * 32 + d); v = 0; continue; }
		d = m.indexOf(ch);
		if (d >= 0) { v = v * 32 + d; continue; }
		if (ch === '~') { out.push(null); v = 0; continue; }
		throw new Error('bad packed character ' + ch);
	}
	return out;
}

function pageData(html) {
	const m = /<script type="application\/json" id="ag-data">\n([\s\S]*?)\n<\/script>/.exec(html);
	return JSON.parse(m[1]);
}

/*
 * Functions whole, read from the profile text: every cost line under an
 * fn= line counts for that function whatever fi=/fe= say (inlined code is
 * its function's), the line after calls= is a call's cost (not self).
 * An address (a stripped object's function) is a function of its object
 * and is named as the page shows it, "0x...db70 [libfoo.so.6]".
 * Returns Map "name" -> per-event self costs.
 */
function wholeSelf(file) {
	let text = fs.readFileSync(file);
	if (text[0] === 0x1f && text[1] === 0x8b) text = zlib.gunzipSync(text);
	const lines = text.toString('latin1').split('\n');
	const names = new Map(), objs = new Map(), self = new Map();
	let npos = 1, nev = 0, fn = null, skip = false, ob = '';
	for (const l of lines) {
		if (l.startsWith('positions:')) npos = l.trim().split(/\s+/).length - 1;
		else if (l.startsWith('events:')) nev = l.trim().split(/\s+/).length - 1;
		else if (l.startsWith('ob=') || l.startsWith('cob=')) {
			const m = /^c?ob=\((\d+)\)(?: (.*))?$/.exec(l);
			let o = l.substring(l.indexOf('=') + 1);
			if (m) { if (m[2] !== undefined) objs.set(m[1], m[2]); o = objs.get(m[1]); }
			if (l[0] === 'o') ob = o || '';
		} else if (l.startsWith('fn=')) {
			const m = /^fn=\((\d+)\)(?: (.*))?$/.exec(l);
			if (m) { if (m[2] !== undefined) names.set(m[1], m[2]); fn = names.get(m[1]); } else fn = l.substring(3);
			if (ob && /^0x[0-9a-fA-F]+('|$)/.test(fn)) fn += ' [' + ob.substring(ob.lastIndexOf('/') + 1) + ']';
			if (!self.has(fn)) self.set(fn, new Array(nev).fill(0));
		} else if (l.startsWith('cfn=')) {
			const m = /^cfn=\((\d+)\)(?: (.*))?$/.exec(l);
			if (m && m[2] !== undefined) names.set(m[1], m[2]);
		} else if (l.startsWith('calls=')) skip = true;
		else if (/^[0-9+\-*]/.test(l) && fn !== null) {
			if (skip) { skip = false; continue; }
			const f = l.trim().split(/\s+/).slice(npos), c = self.get(fn);
			for (let e = 0; e < f.length && e < nev; e++) c[e] += Number(f[e]);
		}
	}
	return self;
}

/* ---- the browser ---- */

async function browser() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annogrind-chromium-'));
	const b = await puppeteer.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		userDataDir: dir,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
			'--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
	b.agDir = dir;
	return b;
}

async function open(b, file, width, height) {
	const p = await b.newPage();
	const url = 'file://' + path.resolve(file);
	p.agErrors = [];
	p.agRequests = [];
	p.on('console', (m) => { if (m.type() === 'error') p.agErrors.push(m.text()); });
	p.on('pageerror', (e) => p.agErrors.push(e.message));
	p.on('request', (r) => { if (r.url() !== url) p.agRequests.push(r.url()); });
	await p.setViewport({ width: width || 1400, height: height || 1000 });
	await p.goto(url, { waitUntil: 'load' });
	await p.waitForSelector('#ag-rows .row', { timeout: 10000 }).catch(() => null);
	return p;
}

const hash = (p) => p.evaluate(() => decodeURIComponent(location.hash));
const panelOpen = (p) => p.evaluate(() => !document.getElementById('ag-panel').hidden);

async function common(p, kind, tag, D, shots) {
	const N = D.nrows;
	/* the panel is a drawer over the page: closed first, as a person would */
	if (await panelOpen(p)) { await p.click('#ag-panel a.close'); await sleep(100); }
	const nrows = await p.evaluate(() => window.agReport.N);
	check(nrows === N && N > 0, `${tag}: the table holds every function (${nrows} of ${N})`);
	const dom = await p.$$eval('#ag-rows .row', (r) => r.length);
	check(dom > 0 && dom < 200, `${tag}: only the rows in view are made (${dom})`);

	/* sorting: each column, both ways, all rows */
	const keys = await p.$$eval('#ag-grid .gh button', (b) => b.map((x) => x.getAttribute('data-key')));
	for (const key of keys) {
		for (let pass = 0; pass < 2; pass++) {
			await p.click(`#ag-grid .gh button[data-key="${key}"]`);
			const r = await p.evaluate(() => {
				const a = window.agReport, o = Array.from(a.order()), s = a.state;
				return { o, desc: s.desc, ms: a.sortMs() };
			});
			const v = columnValues(D, key, r.o, { ev: await p.evaluate(() => window.agReport.state.ev) });
			let ok = r.o.length === N;
			for (let i = 1; ok && i < v.length; i++) {
				const c = v[i - 1] < v[i] ? -1 : v[i - 1] > v[i] ? 1 : 0;
				if ((r.desc && c < 0) || (!r.desc && c > 0)) ok = false;
			}
			if (pass === 1 || key === keys[keys.length - 1])
				check(ok, `${tag}: sorting by "${key}" ${r.desc ? 'descending' : 'ascending'} orders all ${N} rows (${r.ms.toFixed(1)} ms)`);
		}
	}

	/* a flame frame: a click opens its function's panel and zooms */
	const frame = await p.$('#ag-flame-box .fr[data-row]');
	if (check(frame !== null, `${tag}: the flame graph has frames of functions`)) {
		const row = +(await frame.evaluate((f) => f.getAttribute('data-row')));
		await frame.click();
		await sleep(200);
		const h = await hash(p);
		const key = await p.evaluate((k) => window.agReport.key(k), row);
		check(await panelOpen(p) && h === '#fn=' + key, `${tag}: a click on a flame frame opens its function's panel (${key.substring(0, 50)})`);
		check(await p.evaluate(() => !document.getElementById('ag-unzoom').disabled), `${tag}: the click zoomed (reset is offered)`);
		/* the sandwich of that function */
		const sw = await p.evaluate(() => ({
			mid: document.querySelectorAll('#ag-panel .sandwich .mid .fr').length,
			up: document.querySelectorAll('#ag-panel .sandwich .up .fr').length,
			down: document.querySelectorAll('#ag-panel .sandwich .down .fr').length,
			note: (document.querySelector('#ag-panel .sandwich') || {}).textContent || '' }));
		check(sw.mid === 1 || /No stack/.test(sw.note), `${tag}: the panel holds the function's sandwich (${sw.up} callers' frames, ${sw.down} callees')`);
		if (shots) await p.screenshot({ path: path.join(shots, `${kind}-panel-1400.png`) });
		/* the panel links to the flame graph, zoomed to the function */
		await p.click('#ag-show-flame');
		await sleep(200);
		const z = await p.evaluate(() => { const a = window.agReport; return a.state.zoom >= 0 ? a.frames().row[a.state.zoom] : -2; });
		check(z === row, `${tag}: "Show in flame graph" zooms to the function's frame`);
		await p.click('#ag-unzoom');
		/* back closes the panel, forward opens it again */
		await p.goBack();
		await sleep(200);
		check(!(await panelOpen(p)), `${tag}: back closes the panel`);
		await p.goForward();
		await sleep(200);
		check(await panelOpen(p), `${tag}: forward opens it again`);
	}
	/* #fn= links are names: a link made from the key opens the same function */
	const k0 = await p.evaluate(() => window.agReport.order()[0]);
	const key0 = await p.evaluate((k) => window.agReport.key(k), k0);
	await p.evaluate((k) => { location.hash = '#fn=' + encodeURIComponent(k); }, key0);
	await sleep(200);
	const title = await p.$eval('#ag-panel h2 .nm', (e) => e.title);
	const want = await p.evaluate((k) => window.agReport.clean(window.agReport.name(k)), k0);
	check(title === want.substring(0, 20000) || title.startsWith(want.substring(0, 100)), `${tag}: #fn=${key0.substring(0, 40)} opens that function`);
	const links = await p.$$eval('#ag-panel div.links a.fn', (a) => a.length);
	check(links >= 0, `${tag}: the panel lists callers and callees as links (${links})`);
	if (kind !== 'hostile') {
		const errs = p.agErrors.slice();
		check(errs.length === 0, `${tag}: no console error` + (errs.length ? ': ' + errs.slice(0, 3).join(' | ') : ''));
	}
	check(p.agRequests.length === 0, `${tag}: no request made` + (p.agRequests.length ? ': ' + p.agRequests.slice(0, 3).join(' ') : ''));
}

/* The values of a column by which the page sorts, from the data read here. */
function columnValues(D, key, order, st) {
	const NEV = D.events.length, ev = st.ev, diff = D.kind === 'diff';
	const self = unpack(D.self), incl = unpack(D.incl), files = unpack(D.file);
	if (key === 'name') return order.map((k) => D.name[k]);
	if (key === 'file') return order.map((k) => D.files[files[k]]);
	if (key === 'self') return order.map((k) => self[k * NEV + ev] ?? -Infinity);
	if (key === 'incl') return order.map((k) => incl[k * NEV + ev] ?? -Infinity);
	if (key === 'calls') { const c = unpack(D.ncalls); return order.map((k) => c[k]); }
	const self0 = unpack(D.self0), incl0 = unpack(D.incl0);
	if (key === 'old') return order.map((k) => self0[k * NEV + ev]);
	if (key === 'new') return order.map((k) => self[k * NEV + ev]);
	if (key === 'chg') return order.map((k) => Math.abs(self[k * NEV + ev] - self0[k * NEV + ev]));
	if (key === 'ichg') return order.map((k) => Math.abs(incl[k * NEV + ev] - incl0[k * NEV + ev]));
	if (key === 'rel') return order.map((k) => { const o = self0[k * NEV + ev], n = self[k * NEV + ev]; return Math.abs(o ? (n - o) / o : n ? Infinity : 0); });
	return order.map(() => 0);
}

/* search: a function far down the table is found by a part of its name */
async function searchFar(p, tag, D) {
	const N = D.nrows, order = await p.evaluate(() => Array.from(window.agReport.order()));
	if (N < 600) return;
	let k = -1, part = '';
	for (let i = 520; i < N && k < 0; i++) {
		const name = D.name[order[i]];
		/* a part of the name that few others have */
		for (let at = 0; at + 10 <= name.length && k < 0; at += 3) {
			const s = name.substring(at, at + 10), low = s.toLowerCase();
			if (!/^[\w:]+$/.test(s)) continue;
			const files = unpack(D.file);
			const n = D.name.filter((x, j) => (x + '\n' + D.files[files[j]]).toLowerCase().includes(low)).length;
			if (n >= 1 && n <= 3) { k = order[i]; part = s; }
		}
	}
	if (!check(k >= 0, `${tag}: a function past row 520 to search for`)) return;
	const t0 = Date.now();
	await p.click('#ag-search');
	await p.keyboard.type(part);
	await sleep(200);
	const r = await p.evaluate((k) => {
		const a = window.agReport, it = a.items();
		return { n: it.length, has: it.indexOf(k) >= 0, dom: !!document.querySelector('#ag-rows .row[data-row="' + k + '"]'),
			count: document.querySelector('#ag-controls .count').textContent };
	}, k);
	check(r.has && r.dom && r.n <= 3, `${tag}: searching "${part}" finds ${D.name[k].substring(0, 40)} (row ${order.indexOf(k)}) in ${Date.now() - t0} ms (${r.count})`);
	const hits = await p.$$eval('#ag-flame-box .fr.hit', (f) => f.length);
	check(hits >= 0, `${tag}: the flame graph marks the matches (${hits} frames)`);
	/* a regular expression */
	await p.click('#ag-regex');
	await p.evaluate(() => { const b = document.getElementById('ag-search'); b.value = '^(main|mai)$'; b.dispatchEvent(new Event('input')); });
	const re = await p.evaluate(() => window.agReport.items().length);
	const want = D.name.filter((x) => /^(main|mai)$/i.test(x)).length;
	check(re === want, `${tag}: a regular expression matches ${re} functions (${want} by the data)`);
	await p.click('#ag-regex');
	await p.evaluate(() => { const b = document.getElementById('ag-search'); b.value = ''; b.dispatchEvent(new Event('input')); });
	check(await p.evaluate(() => window.agReport.items().length) >= N, `${tag}: clearing the search shows every function again`);
}

/* the event selector: the table sorted by another event; its first row checked against the profile text */
async function events(p, tag, D, prof) {
	if (D.show.length < 2 || prof === '-') return;
	const whole = wholeSelf(prof);
	for (const e of D.show.slice(1, 4)) {
		await p.select('#ag-event', String(e));
		await sleep(150);
		const first = await p.evaluate(() => { const a = window.agReport; return a.items()[0]; });
		const name = D.name[first];
		let best = -1, bestName = null;
		for (const [n, c] of whole) if (c[e] > best) { best = c[e]; bestName = n; }
		check(name === bestName, `${tag}: with event ${D.events[e].name} the first row is ${name.substring(0, 40)} (the profile's largest self cost: ${bestName.substring(0, 40)}, ${best})`);
		const fr = await p.$$eval('#ag-flame-box .fr', (f) => f.length);
		check(fr > 1, `${tag}: the flame graph is drawn again for ${D.events[e].name} (${fr} frames)`);
	}
	await p.select('#ag-event', String(D.show[0]));
}

/* a comparison, normalised: each side a share of its own total */
async function normalised(p, tag, D) {
	if (D.kind !== 'diff') return;
	const NEV = D.events.length, e = D.sort, tot = unpack(D.totals);
	const self = unpack(D.self), self0 = unpack(D.self0);
	await p.click('#ag-norm');
	await sleep(150);
	const r = await p.evaluate(() => ({ first: window.agReport.items()[0], key: window.agReport.state.key,
		cell: document.querySelector('#ag-rows .row[data-row] .c.num:nth-child(5) .v').textContent }));
	const share = (k) => self[k * NEV + e] / tot[e] - self0[k * NEV + e] / tot[NEV + e];
	let best = -1, bestv = -1;
	for (let k = 0; k < D.nrows; k++) if (Math.abs(share(k)) > bestv) { bestv = Math.abs(share(k)); best = k; }
	const want = (share(r.first) > 0 ? '+' : '') + (100 * share(r.first)).toFixed(3);
	check(r.key === 'chg' && Math.abs(share(r.first)) === bestv && r.cell === want,
		`${tag}: normalised, the first row is the largest change of share (${D.name[r.first]}: ${r.cell} points, by the data ${want})`);
	await p.click('#ag-norm');
}

/* --separate-threads files: each thread's first row is the largest self cost of its own file */
async function threads(p, tag, D, prof) {
	if (!D.threads) return;
	for (let t = 0; t < D.threads.length; t++) {
		await p.select('#ag-thread', String(t));
		await sleep(150);
		const first = await p.evaluate(() => window.agReport.items()[0]);
		const whole = wholeSelf(path.join(path.dirname(prof), path.basename(D.threads[t].name)));
		let best = -1, bestName = null;
		for (const [n, c] of whole) if (c[D.sort] > best) { best = c[D.sort]; bestName = n; }
		check(D.name[first] === bestName, `${tag}: thread ${t + 1} of ${D.threads.length}: the first row is ${D.name[first].substring(0, 40)} (its file's largest self cost: ${bestName.substring(0, 40)}, ${best})`);
		const fr = await p.$$eval('#ag-flame-box .fr', (f) => f.length);
		check(fr > 1, `${tag}: thread ${t + 1}'s flame graph is drawn (${fr} frames)`);
	}
	await p.select('#ag-thread', '-1');
	const first = await p.evaluate(() => window.agReport.items()[0]);
	const sum = new Map();
	for (const t of D.threads)
		for (const [n, c] of wholeSelf(path.join(path.dirname(prof), path.basename(t.name)))) sum.set(n, (sum.get(n) || 0) + c[D.sort]);
	let best = -1, bestName = null;
	for (const [n, v] of sum) if (v > best) { best = v; bestName = n; }
	check(D.name[first] === bestName, `${tag}: all threads: the first row is the sum's largest (${bestName.substring(0, 40)}, ${best})`);
}

async function hostile(p, tag, D) {
	check(await p.evaluate(() => window.__pwned) === undefined, `${tag}: no payload ran`);
	const keys = await p.evaluate(() => Array.from({ length: window.agReport.N }, (x, k) => k));
	for (const k of keys) {
		await p.evaluate((k) => { location.hash = '#fn=' + encodeURIComponent(window.agReport.key(k)); }, k);
		await sleep(30);
	}
	check(await p.evaluate(() => window.__pwned) === undefined, `${tag}: no payload ran with each panel opened`);
	const r = await p.evaluate(() => {
		/* the call graph is dot's SVG: DOT escapes bidi controls (report_dot.c), a line separator is inert there */
		const g = document.getElementById('ag-graph'), text = document.body.innerText + document.title;
		const bad = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/.test(text) ||
			/[\u2028\u2029]/.test(text.replace(g.innerText, ''));
		const hrefs = Array.from(document.querySelectorAll('a[href]')).map((a) => a.getAttribute('href'));
		const nms = Array.from(document.querySelectorAll('.nm'));
		const iso = nms.every((e) => getComputedStyle(e).unicodeBidi === 'isolate');
		return { bad, js: hrefs.filter((h) => !/^#/.test(h)), iso, nms: nms.length,
			els: document.querySelectorAll('main img, #ag-panel img, main script, #ag-panel script, [onerror], [onload]').length,
			longest: Math.max(...nms.map((e) => e.textContent.length)) };
	});
	check(!r.bad, `${tag}: no bidi control or line separator reaches the page's text (shown as \\xHH)`);
	check(r.js.length === 0, `${tag}: every link is a #fn= link, none javascript: (${r.js.slice(0, 2).join(' ')})`);
	check(r.iso && r.nms > 5, `${tag}: every name (${r.nms}) is isolated (unicode-bidi: isolate)`);
	check(r.els === 0, `${tag}: no element came from a name`);
	check(r.longest <= 2001, `${tag}: a 100 KB name is cut in the DOM (${r.longest} characters at most)`);
	const rtl = D.name.findIndex((n) => n.includes('\u202e'));
	if (rtl >= 0) {
		await p.evaluate((k) => { location.hash = '#fn=' + encodeURIComponent(window.agReport.key(k)); }, rtl);
		await sleep(100);
		const t = await p.$eval('#ag-panel h2', (e) => e.textContent);
		check(t.includes('\\xe2\\x80\\xae'), `${tag}: U+202E is shown as \\xe2\\x80\\xae (${t.substring(0, 40)})`);
	}
}

async function main() {
	let args = process.argv.slice(2), shots = null;
	if (args[0] === '--shots') { shots = args[1]; fs.mkdirSync(shots, { recursive: true }); args = args.slice(2); }
	const b = await browser();
	try {
		for (let i = 0; i < args.length; i += 3) {
			const [kind, file, prof] = args.slice(i, i + 3), tag = path.basename(file);
			const D = pageData(fs.readFileSync(file, 'utf8'));
			const t0 = Date.now();
			const p = await open(b, file);
			const m = await p.evaluate(() => {
				const n = performance.getEntriesByType('navigation')[0], fp = performance.getEntriesByName('first-paint')[0];
				return { dcl: n ? n.domContentLoadedEventEnd : -1, fp: fp ? fp.startTime : -1 };
			});
			console.log(`${tag}: first paint ${m.fp.toFixed(0)} ms, DOMContentLoaded ${m.dcl.toFixed(0)} ms, opened in ${Date.now() - t0} ms`);
			if (shots) await p.screenshot({ path: path.join(shots, `${kind}-1400.png`) });
			if (kind === 'hostile') await hostile(p, tag, D);
			else {
				await searchFar(p, tag, D);
				await events(p, tag, D, prof);
				await threads(p, tag, D, prof);
				await normalised(p, tag, D);
			}
			await common(p, kind, tag, D, shots);
			await p.close();
			if (shots && kind !== 'hostile') {
				const q = await open(b, file, 420, 900);
				await q.screenshot({ path: path.join(shots, `${kind}-420.png`) });
				await q.close();
			}
		}
	} finally {
		await b.close();
		fs.rmSync(b.agDir, { recursive: true, force: true });
	}
	console.log(`html browser: ${passed} passed, ${failed} failed`);
	process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.log('FAIL the browser test stopped: ' + (e && e.stack || e)); process.exit(2); });
