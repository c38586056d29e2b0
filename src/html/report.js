/*
 * annogrind's HTML report (--format=html): an explorer built from the JSON
 * block #ag-data that report_html.c writes (counts packed five bits a
 * character).  Profile text reaches the DOM through textContent and
 * attributes only, never as markup, and is shown with control and bidi
 * characters as the visible text \xHH (as the text report does), each
 * name isolated (CSS unicode-bidi: isolate).  No library; nothing is
 * loaded.  Embedded at build time (src/html/embed.sh).
 */
(function () {
	'use strict';

	var T0 = performance.now();
	var D = JSON.parse(document.getElementById('ag-data').textContent);
	var T1 = performance.now();
	var diff = D.kind === 'diff';
	var NEV = D.events.length, N = D.nrows;
	var ROWH = 24, FRAMEH = 18;

	/* ---- the packed counts ---- */

	var DEC = new Int8Array(128).fill(-1);
	(function () {
		var t = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef', m = 'ghijklmnopqrstuvwxyz0123456789-_', i;
		for (i = 0; i < 32; i++) {
			DEC[t.charCodeAt(i)] = i;
			DEC[m.charCodeAt(i)] = 32 + i;
		}
		DEC['~'.charCodeAt(0)] = 64;
	}());

	/* a packed string to numbers, NaN where the event is undefined */
	function unpack(s) {
		var n = 0, i, c, d, v = 0, k = 0, out;
		s = s || '';
		for (i = 0; i < s.length; i++) {
			d = DEC[s.charCodeAt(i)];
			if (d < 32 || d === 64) n++;
		}
		out = new Float64Array(n);
		for (i = 0; i < s.length; i++) {
			c = s.charCodeAt(i);
			d = DEC[c];
			if (d < 32) { out[k++] = v * 32 + d; v = 0; }
			else if (d < 64) v = v * 32 + (d - 32);
			else { out[k++] = NaN; v = 0; }
		}
		return out;
	}

	var fileOf = unpack(D.file), objOf = unpack(D.obj), flags = unpack(D.flags);
	var SELF = unpack(D.self), INCL = unpack(D.incl);
	var SELF0 = diff ? unpack(D.self0) : null, INCL0 = diff ? unpack(D.incl0) : null;
	var NCALLS = diff ? null : unpack(D.ncalls);
	var TOT = unpack(D.totals);	/* NEW's nev, then OLD's */

	/* ---- text ---- */

	/* controls and bidi characters as \xHH of their UTF-8 bytes, as the text report shows them */
	var HOSTILE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/g;
	function hexOf(ch) {
		var c = ch.charCodeAt(0), b = c < 0x80 ? [c] : c < 0x800 ? [0xc0 | c >> 6, 0x80 | c & 63]
			: [0xe0 | c >> 12, 0x80 | c >> 6 & 63, 0x80 | c & 63];
		return b.map(function (x) { return '\\x' + (x < 16 ? '0' : '') + x.toString(16); }).join('');
	}
	function clean(s) {
		s = s === null || s === undefined ? '' : String(s);
		return HOSTILE.test(s) ? (HOSTILE.lastIndex = 0, s.replace(HOSTILE, hexOf)) : s;
	}
	var NAME_SHOW = 2000;	/* characters of a name put in the DOM; all of it in the panel */

	function el(tag, cls, text) {
		var e = document.createElement(tag);
		if (cls) e.className = cls;
		if (text !== undefined && text !== null) e.textContent = String(text);
		return e;
	}
	function add(parent) {
		for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
		return parent;
	}
	/* a name: cleaned, isolated, cut with an ellipsis by its box; whole in its title */
	function nameEl(tag, s, cls) {
		var c = clean(s), e = el(tag, 'nm' + (cls ? ' ' + cls : ''),
			c.length > NAME_SHOW ? c.substring(0, NAME_SHOW) + '\u2026' : c);
		e.title = c.length > 20000 ? c.substring(0, 20000) + '\u2026 (' + c.length + ' characters)' : c;
		return e;
	}
	function commify(n) {
		if (n === null || n === undefined || isNaN(n)) return '.';
		var neg = n < 0, s = String(Math.round(Math.abs(n))), out = '';
		while (s.length > 3) {
			out = ',' + s.substring(s.length - 3) + out;
			s = s.substring(0, s.length - 3);
		}
		return (neg ? '-' : '') + s + out;
	}
	function signed(n) { return n > 0 ? '+' + commify(n) : n < 0 ? commify(n) : '0'; }
	function pct(v, t) { return t && !isNaN(v) ? (100 * v / t).toFixed(2) + '%' : ''; }
	function evName(e) { return clean(D.events[e].name); }

	/* ---- the model ---- */

	function total(e, side) { return TOT[(side === 0 ? NEV : 0) + e] || 0; }
	function selfOf(k, e, side) { return (side === 0 ? SELF0 : SELF)[k * NEV + e]; }
	function inclOf(k, e, side) { return (side === 0 ? INCL0 : INCL)[k * NEV + e]; }
	function fname(k) { return D.name[k]; }
	function ffile(k) { return D.files[fileOf[k]]; }
	function fobj(k) { return D.objs[objOf[k]]; }

	/* #fn= keys: "file:function", the object added when two share that (flag 8) */
	function keyOf(k) { return ffile(k) + ':' + fname(k) + (flags[k] & 8 ? ' [' + fobj(k) + ']' : ''); }
	var keyRow = null;
	function rowOfKey(key) {
		if (!keyRow) {
			keyRow = new Map();
			for (var k = 0; k < N; k++) keyRow.set(keyOf(k), k);
		}
		return keyRow.has(key) ? keyRow.get(key) : -1;
	}
	function fnHref(k) { return '#fn=' + encodeURIComponent(keyOf(k)); }
	function fnLink(k, cls) {
		var a = nameEl('a', fname(k), 'fn' + (cls ? ' ' + cls : ''));
		a.href = fnHref(k);
		return a;
	}

	/* pieces: by row */
	var PIECES = (function () {
		var P = D.pieces, rows = unpack(P.row), files = unpack(P.file), by = new Map(), i, per = diff ? 2 * NEV : NEV;
		var self = unpack(P.self), other = new Map(P.other);
		for (i = 0; i < rows.length; i++) {
			if (!by.has(rows[i])) by.set(rows[i], []);
			by.get(rows[i]).push({ name: other.has(i) ? other.get(i) : fname(rows[i]), file: P.pfiles[files[i]], at: i * per });
		}
		return { by: by, self: self };
	}());
	function pieceSelf(p, e, side) { return PIECES.self[p.at + (side === 0 ? NEV : 0) + e]; }

	/* calls, indexed by caller and by callee on first use */
	var CALLS = null;
	function calls() {
		if (CALLS) return CALLS;
		var c = D.calls, from = unpack(c.from), to = unpack(c.to), n = from.length, i;
		var outFirst = new Uint32Array(N + 1), inFirst = new Uint32Array(N + 1);
		var outIx = new Uint32Array(n), inIx = new Uint32Array(n);
		for (i = 0; i < n; i++) { outFirst[from[i] + 1]++; inFirst[to[i] + 1]++; }
		for (i = 0; i < N; i++) { outFirst[i + 1] += outFirst[i]; inFirst[i + 1] += inFirst[i]; }
		var po = outFirst.slice(), pi = inFirst.slice();
		for (i = 0; i < n; i++) { outIx[po[from[i]]++] = i; inIx[pi[to[i]]++] = i; }
		CALLS = { from: from, to: to, rec: unpack(c.rec), count: unpack(c.count), cost: unpack(c.cost),
			cost0: diff ? unpack(c.cost0) : null, outFirst: outFirst, inFirst: inFirst, outIx: outIx, inIx: inIx };
		return CALLS;
	}

	/* ---- --separate-threads files: each thread's costs and stacks, or their sum ---- */

	var SUM = null, THREADS = [];
	function useThread(t) {
		if (!SUM) SUM = { self: SELF, incl: INCL, tot: TOT, F: F };
		if (t >= 0 && !THREADS[t]) {
			var x = D.threads[t];
			THREADS[t] = { self: unpack(x.self), incl: unpack(x.incl), tot: unpack(x.totals), F: buildF(x.flame) };
		}
		var u = t < 0 ? SUM : THREADS[t];
		SELF = u.self; INCL = u.incl; TOT = u.tot; F = u.F; FV = {};
		state.thread = t;
		state.zoom = -1;
		totals();
		table();
		flame();
		if (state.open >= 0) panel(state.open);
	}

	/* ---- state ---- */

	var state = { thread: -1, ev: D.sort, key: null, desc: true, query: '', regex: false, norm: false,
		zoom: -1, open: -1, expanded: new Set() };

	/* ---- search over every function's name and file ---- */

	/*
	 * Every name and file in one lower-case string, function k from
	 * starts[k]: one indexOf runs over all of them (200,000 names in tens
	 * of milliseconds), each hit mapped to its function by bisection.
	 */
	var big = null, starts = null, match = null;
	function makeHay() {
		if (big !== null) return;
		var parts = new Array(N), at = 0, k;
		starts = new Float64Array(N + 1);
		for (k = 0; k < N; k++) {
			parts[k] = (fname(k) + '\u0001' + ffile(k)).toLowerCase();
			starts[k] = at;
			at += parts[k].length + 1;
		}
		starts[N] = at;
		big = parts.join('\n');
	}
	function fnAt(i) {
		var lo = 0, hi = N;
		while (hi - lo > 1) {
			var m = (lo + hi) >> 1;
			if (starts[m] <= i) lo = m; else hi = m;
		}
		return lo;
	}
	/* the rows that match the query (null: no query), and whether it parsed */
	function search() {
		var q = state.query, k, re = null, n = 0, t0 = performance.now();
		if (!q) { match = null; return true; }
		if (state.regex) {
			try { re = new RegExp(q, 'i'); } catch (err) { match = new Uint8Array(N); match.count = 0; return false; }
		}
		match = new Uint8Array(N);
		if (re) {
			for (k = 0; k < N; k++) if (re.test(fname(k)) || re.test(ffile(k))) { match[k] = 1; n++; }
		} else {
			makeHay();
			q = q.toLowerCase();
			for (var i = big.indexOf(q); i >= 0; i = big.indexOf(q, starts[k + 1])) {
				k = fnAt(i);
				match[k] = 1;
				n++;
			}
		}
		match.count = n;
		match.ms = performance.now() - t0;
		return true;
	}

	/* ---- the header ---- */

	function header() {
		var meta = document.getElementById('ag-meta'), t = el('dl', 'meta');
		document.title = 'annogrind: ' + clean(D.cmd || D.profiles.join(', ')).substring(0, 200);
		function item(k, v) {
			if (v === null || v === undefined || v === '') return;
			add(t, el('dt', null, k), nameEl('dd', String(v)));
		}
		if (diff) {
			item('Old profile', D.profiles[0]);
			item('New profile', D.profiles[1]);
			if (D.old_cmd !== D.cmd) item('Old command', D.old_cmd);
		} else {
			item(D.profiles.length > 1 ? 'Profiles' : 'Profile', D.profiles.join(', '));
		}
		item('Command', D.cmd);
		item('Creator', D.creator);
		add(meta, t);
		var tot = el('p', 'totals');
		tot.id = 'ag-total';
		add(meta, tot);
		if (D.newer.length) {
			var w = el('p', 'warn');
			add(w, el('span', null, 'Source files newer than the profile (their annotations may be wrong): '));
			D.newer.forEach(function (f, i) { if (i) add(w, el('span', null, ', ')); add(w, nameEl('span', f, 'file')); });
			add(meta, w);
		}
		controls();
		totals();
	}

	function totals() {
		var p = document.getElementById('ag-total'), e = state.ev;
		while (p.firstChild) p.removeChild(p.firstChild);
		if (diff) {
			var d = total(e, 1) - total(e, 0);
			add(p, el('b', null, evName(e) + ': '), el('span', null, commify(total(e, 0)) + ' \u2192 ' + commify(total(e, 1)) + ' '),
			    el('span', d > 0 ? 'grew' : d < 0 ? 'shrank' : null, signed(d) + (total(e, 0) ? ' (' + (d >= 0 ? '+' : '') + (100 * d / total(e, 0)).toFixed(2) + '%)' : '')));
		} else {
			add(p, el('b', null, evName(e) + ' total: '), el('span', null, commify(total(e, 1))));
		}
		if (D.scale) add(p, el('span', 'note', ' \u00b7 new costs \u00d7' + D.scale.factor[e] + ' to the old total (--scale=total; new measured ' +
			commify(D.scale.measured[e]) + '): a change is a cost that grew or shrank beyond the program as a whole'));
		if (state.thread >= 0) add(p, el('span', 'note', ' (thread ' + (state.thread + 1) + ' of ' + D.threads.length + ')'));
		add(p, el('span', 'note', ' \u00b7 ' + N + ' functions' + (D.incl_known && !diff ? ' \u00b7 \u2265 marks an inclusive cost that is a lower bound (recursion)' : '')));
	}

	function controls() {
		var c = document.getElementById('ag-controls'), i;
		var sel = el('select'), lab = el('label', null, 'Event ');
		sel.id = 'ag-event';
		for (i = 0; i < D.show.length; i++) {
			var o = el('option', null, evName(D.show[i]));
			o.value = String(D.show[i]);
			if (D.events[D.show[i]].long) o.title = clean(D.events[D.show[i]].long);
			if (D.show[i] === state.ev) o.selected = true;
			add(sel, o);
		}
		sel.addEventListener('change', function () {
			state.ev = +sel.value;
			state.key = null;
			totals();
			table();
			flame();
			if (state.open >= 0) panel(state.open);
		});
		add(lab, sel);
		var box = el('input');
		box.type = 'search';
		box.id = 'ag-search';
		box.placeholder = 'search names and files';
		box.setAttribute('aria-label', 'search functions by name or file');
		var rx = el('input'), rl = el('label', null, ' regex');
		rx.type = 'checkbox';
		rx.id = 'ag-regex';
		rl.insertBefore(rx, rl.firstChild);
		function go() {
			state.query = box.value;
			state.regex = rx.checked;
			var ok = search();
			box.className = ok ? '' : 'bad';
			table();
			flameMatches();
		}
		box.addEventListener('input', go);
		rx.addEventListener('change', go);
		add(c, lab, box, rl);
		if (D.threads) {
			var ts = el('select'), tl = el('label', null, 'Thread ');
			ts.id = 'ag-thread';
			add(ts, el('option', null, 'all ' + D.threads.length + ' (sum)'));
			ts.firstChild.value = '-1';
			D.threads.forEach(function (t, i) {
				var o = el('option', null, clean(t.name).substring(0, 200));
				o.value = String(i);
				add(ts, o);
			});
			ts.addEventListener('change', function () { useThread(+ts.value); });
			add(tl, ts);
			add(c, tl);
		}
		if (diff) {
			var nb = el('input'), nl = el('label', null, ' normalised (each side as a share of its own total)');
			nb.type = 'checkbox';
			nb.id = 'ag-norm';
			nl.insertBefore(nb, nl.firstChild);
			nb.addEventListener('change', function () {
				state.norm = nb.checked;
				state.key = null;
				table();
				flame();
				if (state.open >= 0) panel(state.open);
			});
			add(c, nl);
		}
		add(c, el('span', 'count'));
		var nav = el('span', 'nav');
		[['ag-flame', 'Flame graph'], ['ag-table', 'Functions'], ['ag-graph', 'Call graph']].forEach(function (x) {
			var a = el('a', null, x[1]);
			a.href = '#' + x[0];
			a.addEventListener('click', function (ev) { ev.preventDefault(); document.getElementById(x[0]).scrollIntoView(); });
			add(nav, a);
		});
		add(c, nav);
	}

	/* ---- the table: every function, virtualised ---- */

	/* a diff's value in the current mode: a count, or a share of the side's total */
	function sideVal(v, e, side) {
		return state.norm ? (total(e, side) ? v / total(e, side) : 0) : v;
	}
	function columns() {
		var e = state.ev, cols = [{ key: 'name', label: 'Function' }, { key: 'file', label: 'File' }];
		if (!diff) {
			cols.push({ key: 'self', label: evName(e) + ' self', get: function (k) { return selfOf(k, e); }, pc: true });
			cols.push({ key: 'incl', label: evName(e) + ' incl', get: function (k) { return inclOf(k, e); }, pc: true, incl: true });
			cols.push({ key: 'calls', label: 'Called', get: function (k) { return NCALLS[k]; } });
			return cols;
		}
		var nm = state.norm;
		cols.push({ key: 'old', label: evName(e) + (nm ? ' old %' : ' old self'), get: function (k) { return sideVal(selfOf(k, e, 0), e, 0); } });
		cols.push({ key: 'new', label: evName(e) + (nm ? ' new %' : ' new self'), get: function (k) { return sideVal(selfOf(k, e, 1), e, 1); } });
		cols.push({ key: 'chg', label: nm ? 'change (points)' : 'self change', delta: true,
			get: function (k) { return sideVal(selfOf(k, e, 1), e, 1) - sideVal(selfOf(k, e, 0), e, 0); } });
		cols.push({ key: 'rel', label: nm ? 'share change' : 'change %', delta: true, rel: true,
			get: function (k) {
				var o = sideVal(selfOf(k, e, 0), e, 0), n = sideVal(selfOf(k, e, 1), e, 1);
				return o ? (n - o) / o : n ? Infinity : 0;
			} });
		cols.push({ key: 'ichg', label: nm ? 'incl change (points)' : 'incl change', delta: true,
			get: function (k) { return sideVal(inclOf(k, e, 1), e, 1) - sideVal(inclOf(k, e, 0), e, 0); } });
		return cols;
	}

	function cellText(c, k) {
		var v = c.get(k), e = state.ev;
		if (!diff) return c.pc ? [(c.incl && D.incl_known && !(flags[k] & 1) ? '\u2265' : '') + commify(v), pct(v, total(e, 1))] : [commify(v), ''];
		if (c.rel) return [v === Infinity ? 'new' : isFinite(v) && v ? (v > 0 ? '+' : '') + (100 * v).toFixed(1) + '%' : '', ''];
		if (state.norm) return [(c.delta && v > 0 ? '+' : '') + (100 * v).toFixed(3) + (c.delta ? '' : '%'), ''];
		return [c.delta ? signed(v) : commify(v), ''];
	}

	var order = null, items = [], grid = null;

	/* each name's and file's place in code-unit order, by the engine's own sort of the strings (once) */
	var ranks = {};
	function rankOf(strs) {
		var u = strs.slice().sort(), at = new Map(), i;
		for (i = 0; i < u.length; i++) if (!at.has(u[i])) at.set(u[i], i);
		return at;
	}
	/* the page's "nrank": the names in byte order, worked out when it was made */
	function nameRank() {
		if (!ranks.name) ranks.name = unpack(D.nrank);
		return ranks.name;
	}
	function fileRank() {
		if (!ranks.file) {
			var at = rankOf(D.files), r = new Uint32Array(N);
			for (var k = 0; k < N; k++) r[k] = at.get(ffile(k));
			ranks.file = r;
		}
		return ranks.file;
	}

	/* rows sorted by the column, all of them (again only when the column, event, thread or mode changed) */
	var sorted = null;
	function sortRows() {
		var cols = columns(), col, k, keyv, t0 = performance.now();
		if (state.key === null) state.key = diff ? 'chg' : D.order === 'inclusive' ? 'incl' : 'self';
		var sig = [state.key, state.desc, state.ev, state.thread, state.norm].join(' ');
		if (sig === sorted && order) return;
		col = cols.filter(function (c) { return c.key === state.key; })[0] || cols[2];
		var idx = new Uint32Array(N);
		for (k = 0; k < N; k++) idx[k] = k;
		var sgn = state.desc ? -1 : 1;
		if (col.get) {
			keyv = new Float64Array(N);
			for (k = 0; k < N; k++) {
				var v = col.get(k);
				if (col.delta) v = Math.abs(v);
				keyv[k] = isNaN(v) ? -Infinity : v;
			}
			idx.sort(function (a, b) { return keyv[a] !== keyv[b] ? (keyv[a] < keyv[b] ? -sgn : sgn) : a - b; });
		} else {
			var r = col.key === 'name' ? nameRank() : fileRank();
			idx.sort(function (a, b) { return r[a] !== r[b] ? (r[a] < r[b] ? -sgn : sgn) : a - b; });
		}
		order = idx;
		sorted = sig;
		grid && (grid.sortMs = performance.now() - t0);
	}

	/* the rows the search keeps, in that order, and the pieces under the open ones */
	function makeItems() {
		items = [];
		for (var i = 0; i < N; i++) {
			var k = order[i];
			if (match && !match[k]) continue;
			items.push(k);
			if (state.expanded.has(k) && PIECES.by.has(k))
				PIECES.by.get(k).forEach(function (p) { items.push({ row: k, piece: p }); });
		}
		var c = document.querySelector('#ag-controls .count');
		if (c) c.textContent = match ? match.count + ' of ' + N + ' functions match' : '';
	}

	function table() {
		var box = document.getElementById('ag-grid'), cols = columns();
		sortRows();
		makeItems();
		if (!grid) {
			grid = { head: el('div', 'gh'), view: el('div', 'gv'), spacer: el('div', 'gs'), rows: el('div', 'gr'), pool: [] };
			grid.view.id = 'ag-rows';
			add(grid.view, grid.spacer, grid.rows);
			add(box, grid.head, grid.view);
			grid.view.addEventListener('scroll', function () { paintRows(); });
			window.addEventListener('resize', function () { paintRows(); });
		}
		box.className = 'grid ' + (diff ? 'g-diff' : 'g-one');
		while (grid.head.firstChild) grid.head.removeChild(grid.head.firstChild);
		cols.forEach(function (c) {
			var b = el('button', 'th' + (c.get ? ' num' : ''), c.label);
			b.setAttribute('data-key', c.key);
			if (c.key === state.key) b.className += state.desc ? ' desc' : ' asc';
			b.title = 'sort every function by ' + c.label;
			b.addEventListener('click', function () {
				if (state.key === c.key) state.desc = !state.desc;
				else { state.key = c.key; state.desc = !!c.get; }
				table();
			});
			add(grid.head, b);
		});
		grid.cols = cols;
		grid.spacer.style.height = (items.length * ROWH) + 'px';
		grid.painted = null;
		paintRows();
	}

	function rowEl(it, cols) {
		var r = el('div', 'row'), k = typeof it === 'number' ? it : it.row, e = state.ev;
		if (typeof it !== 'number') {
			var p = it.piece, c0 = el('div', 'c name piece');
			r.className = 'row piece';
			add(c0, el('span', 'note', '\u21b3 '), nameEl('span', p.file + ':' + p.name));
			add(r, c0, nameEl('div', p.file, 'c file'));
			cols.slice(2).forEach(function (c, i) {
				var v = !diff ? (i === 0 ? pieceSelf(p, e) : null)
					: i < 2 ? sideVal(pieceSelf(p, e, i), e, i) : i === 2 ? sideVal(pieceSelf(p, e, 1), e, 1) - sideVal(pieceSelf(p, e, 0), e, 0) : null;
				add(r, el('div', 'c num', v === null ? '' : state.norm ? (100 * v).toFixed(3) : diff && i === 2 ? signed(v) : commify(v)));
			});
			r.setAttribute('data-piece-of', String(k));
			return r;
		}
		r.setAttribute('data-row', String(k));
		if (k === state.open) r.className += ' open';
		var name = el('div', 'c name');
		if (PIECES.by.has(k)) {
			var t = el('button', 'tog', (state.expanded.has(k) ? '\u2212' : '+') + PIECES.by.get(k).length);
			t.title = (state.expanded.has(k) ? 'hide' : 'show') + ' its ' + PIECES.by.get(k).length + ' pieces (code inlined from other files)';
			t.addEventListener('click', function (ev) {
				ev.preventDefault();
				if (state.expanded.has(k)) state.expanded.delete(k); else state.expanded.add(k);
				var top = grid.view.scrollTop;
				makeItems();
				grid.spacer.style.height = (items.length * ROWH) + 'px';
				grid.painted = null;
				grid.view.scrollTop = top;
				paintRows();
			});
			add(name, t);
		}
		add(name, fnLink(k));
		if (diff && flags[k] & 6) add(name, el('span', 'status', flags[k] & 4 ? 'new' : 'gone'));
		if (match && match[k]) name.className += ' hit';
		add(r, name, nameEl('div', ffile(k), 'c file'));
		cols.slice(2).forEach(function (c) {
			var td = el('div', 'c num'), t = cellText(c, k), v = c.get(k);
			add(td, el('span', 'v', t[0]));
			if (t[1]) add(td, el('span', 'pc', t[1]));
			if (diff && c.delta) td.className += v > 0 ? ' grew' : v < 0 ? ' shrank' : '';
			if (!diff && c.key === (D.order === 'inclusive' ? 'incl' : 'self') && total(e, 1) && !isNaN(v)) {
				var bar = el('span', 'barc');
				bar.style.width = Math.max(0, Math.min(100, 100 * v / total(e, 1))).toFixed(1) + '%';
				add(td, bar);
			}
			add(r, td);
		});
		return r;
	}

	function paintRows() {
		if (!grid) return;
		var top = grid.view.scrollTop, h = grid.view.clientHeight || 480;
		var first = Math.max(0, Math.floor(top / ROWH) - 8), last = Math.min(items.length, Math.ceil((top + h) / ROWH) + 8);
		if (grid.painted && grid.painted[0] === first && grid.painted[1] === last) return;
		grid.painted = [first, last];
		while (grid.rows.firstChild) grid.rows.removeChild(grid.rows.firstChild);
		grid.rows.style.transform = 'translateY(' + (first * ROWH) + 'px)';
		for (var i = first; i < last; i++) add(grid.rows, rowEl(items[i], grid.cols));
	}

	/* scroll the table to row k (when the search keeps it) */
	function showRow(k) {
		for (var i = 0; i < items.length; i++) {
			if (items[i] === k) {
				var top = i * ROWH, v = grid.view;
				if (top < v.scrollTop || top > v.scrollTop + v.clientHeight - ROWH) v.scrollTop = Math.max(0, top - 3 * ROWH);
				grid.painted = null;
				paintRows();
				return;
			}
		}
	}

	/* ---- the flame graph: the stacks of --format=flamegraph ---- */

	/* the frames of a flame block: rows, depths, totals; parents and subtree ends worked out */
	function buildF(f) {
		var fn = unpack(f.fn), dep = unpack(f.depth), v = unpack(f.v), n = fn.length, i;
		var parent = new Int32Array(n), end = new Uint32Array(n), stack = [], maxd = 0;
		for (i = 0; i < n; i++) {
			var d = dep[i];
			while (stack.length >= d) end[stack.pop()] = i;
			parent[i] = stack.length ? stack[stack.length - 1] : -1;
			stack.push(i);
			if (d > maxd) maxd = d;
		}
		while (stack.length) end[stack.pop()] = n;
		var row = new Int32Array(n);
		for (i = 0; i < n; i++) row[i] = fn[i] - 1;
		return { n: n, row: row, depth: dep, v: v, old: diff && f.old ? unpack(f.old) : null, parent: parent, end: end,
			ev: f.ev, maxd: maxd, total: f.total, total0: f.total0, coarse: f.coarse };
	}
	var F = buildF(D.flame);

	/*
	 * Each frame's value for event e: the stacks are made for the sort
	 * event; a frame has the same share of its function's inclusive cost
	 * for every event.  Children that would pass their parent are scaled
	 * down to fit (drawing only).  Returns [value, start] arrays.
	 */
	var FV = {};
	function frames(e, side) {
		var id = e + ':' + (side === 0 ? 0 : 1) + ':' + (state.norm ? 1 : 0);
		if (FV[id]) return FV[id];
		var n = F.n, raw = new Float64Array(n), sv = new Float64Array(n), start = new Float64Array(n), i, k, p;
		var base = side === 0 ? F.old : F.v;
		var tv = side === 0 ? F.total0 : F.total, te = total(e, side === 0 ? 0 : 1);
		for (i = 0; i < n; i++) {
			var b = base[i];
			if (isNaN(b)) { raw[i] = 0; continue; }
			if (e === F.ev) { raw[i] = b; continue; }
			k = F.row[i];
			var a = k >= 0 ? inclOf(k, F.ev, side) : NaN, c = k >= 0 ? inclOf(k, e, side) : NaN;
			raw[i] = a > 0 && !isNaN(c) ? b * c / a : tv ? b * te / tv : 0;
		}
		var csum = new Float64Array(n + 1), rootSum = 0;
		for (i = 0; i < n; i++) {
			p = F.parent[i];
			if (p < 0) rootSum += raw[i]; else csum[p] += raw[i];
		}
		var cursor = new Float64Array(n), rootCur = 0, kp;
		for (i = 0; i < n; i++) {
			p = F.parent[i];
			if (p < 0) {
				sv[i] = raw[i];
				start[i] = rootCur;
				rootCur += raw[i];
			} else {
				kp = csum[p] > sv[p] && csum[p] > 0 ? sv[p] / csum[p] : 1;
				sv[i] = raw[i] * kp;
				start[i] = start[p] + cursor[p];
				cursor[p] += sv[i];
			}
		}
		FV[id] = { v: sv, start: start, total: rootSum };
		return FV[id];
	}

	function hue(s) {
		var h = 0;
		for (var i = 0; i < s.length && i < 64; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
		return h;
	}
	function frameColour(i, fv, fo) {
		var k = F.row[i];
		if (diff) {
			var e = state.ev, nv = fv.v[i], ov = fo ? fo.v[i] : 0;
			var a = state.norm ? (fv.total ? nv / fv.total : 0) : nv, b = state.norm ? (fo && fo.total ? ov / fo.total : 0) : ov;
			var isNew = F.old && isNaN(F.old[i]);
			var ch = isNew ? 1 : b ? (a - b) / b : a ? 1 : 0;
			var s = Math.max(-1, Math.min(1, ch * 2));
			if (s > 0.02) return 'rgb(255,' + Math.round(230 - 150 * s) + ',' + Math.round(220 - 170 * s) + ')';
			if (s < -0.02) return 'rgb(' + Math.round(220 + 170 * s) + ',' + Math.round(230 + 110 * s) + ',255)';
			return 'rgb(238,238,232)';
		}
		var h = hue(k >= 0 ? fname(k) : 'x');
		return 'hsl(' + (8 + h % 42) + ',' + (70 + (h >> 8) % 20) + '%,' + (58 + (h >> 16) % 14) + '%)';
	}

	function frameLabel(i) {
		var k = F.row[i];
		return k >= 0 ? fname(k) : '(a frame of no listed function)';
	}

	/* the frames of [lo, hi) (a zoomed frame's subtree) into box; ancestors above as full bars */
	function flame() {
		var box = document.getElementById('ag-flame-box'), e = state.ev;
		var fv = frames(e, 1), fo = diff && F.old ? frames(e, 0) : null;
		var W = box.clientWidth || 1000, z = state.zoom, zs = 0, zv = fv.total, lo = 0, hi = F.n, d0 = 0, i;
		while (box.firstChild) box.removeChild(box.firstChild);
		var inner = el('div', 'finner');
		if (z >= 0) { zs = fv.start[z]; zv = fv.v[z] || 1; lo = z; hi = F.end[z]; d0 = F.depth[z] - 1; }
		var rows = 1, frag = document.createDocumentFragment();
		/* the root, then the zoomed frame's ancestors */
		var root = el('div', 'fr root', 'all: ' + commify(fv.total) + ' ' + evName(e) + (z >= 0 ? ' (click to zoom out)' : ''));
		root.style.cssText = 'left:0;width:' + W + 'px;top:0';
		root.setAttribute('data-node', '-1');
		add(frag, root);
		var anc = [];
		for (i = z >= 0 ? F.parent[z] : -1; i >= 0; i = F.parent[i]) anc.unshift(i);
		anc.forEach(function (a, j) {
			var f = el('div', 'fr anc', clean(frameLabel(a)).substring(0, 300));
			f.style.cssText = 'left:0;width:' + W + 'px;top:' + ((j + 1) * FRAMEH) + 'px';
			f.setAttribute('data-node', String(a));
			f.title = clean(frameLabel(a)).substring(0, 2000);
			add(frag, f);
		});
		var scale = W / (zv || 1), shown = 0, maxrow = anc.length;
		for (i = lo; i < hi; i++) {
			var w = fv.v[i] * scale;
			if (w < 0.5) { i = F.end[i] - 1; continue; }
			var x = (fv.start[i] - zs) * scale, y = F.depth[i] - d0 + anc.length;
			var f = el('div', 'fr');
			f.style.cssText = 'left:' + x.toFixed(1) + 'px;width:' + Math.max(1, w - 1).toFixed(1) + 'px;top:' + (y * FRAMEH) + 'px;background:' + frameColour(i, fv, fo);
			f.setAttribute('data-node', String(i));
			if (F.row[i] >= 0) f.setAttribute('data-row', String(F.row[i]));
			if (w > 28) f.textContent = clean(frameLabel(i)).substring(0, Math.ceil(w / 5));
			if (y > maxrow) maxrow = y;
			add(frag, f);
			shown++;
		}
		add(inner, frag);
		inner.style.height = ((maxrow + 1) * FRAMEH + 4) + 'px';
		add(box, inner);
		flameBar(fv, fo);
		flameMatches();
	}

	function frameTitle(i) {
		var e = state.ev, fv = frames(e, 1), k = F.row[i], t = clean(frameLabel(i)).substring(0, 2000);
		t += '\n' + (k >= 0 ? clean(ffile(k)).substring(0, 500) + '\n' : '') + commify(fv.v[i]) + ' ' + evName(e) + ' (' + pct(fv.v[i], fv.total) + ')';
		if (diff && F.old) {
			var fo = frames(e, 0);
			t += isNaN(F.old[i]) ? '\nnot in the old profile' : '\nold: ' + commify(fo.v[i]) + ' (' + pct(fo.v[i], fo.total) + ')';
		}
		return t;
	}

	function flameBar(fv) {
		var bar = document.getElementById('ag-flame-bar');
		while (bar.firstChild) bar.removeChild(bar.firstChild);
		var reset = el('button', null, 'Reset zoom');
		reset.id = 'ag-unzoom';
		reset.disabled = state.zoom < 0;
		reset.addEventListener('click', function () { state.zoom = -1; flame(); });
		add(bar, reset, el('span', 'note', ' Stacks of ' + evName(F.ev) + (state.ev !== F.ev ? ', each frame worth its share of its function\u2019s inclusive ' + evName(state.ev) : '') +
			(D.threshold !== null ? '; stacks worth at most ' + (100 - parseFloat(D.threshold)).toFixed(2).replace(/\.?0+$/, '') + '% of the total are cut (--threshold)' : '') +
			'. Click a frame for its function and to zoom.' + (diff ? ' Red grew, blue shrank' + (state.norm ? ' (as a share of each side\u2019s total).' : '.') : '')));
		var m = el('span', 'matched');
		m.id = 'ag-matched';
		add(bar, m);
	}

	/* frames of the functions the search keeps: marked, and their share said */
	function flameMatches() {
		var box = document.getElementById('ag-flame-box'), fs = box.querySelectorAll('.fr[data-row]'), i;
		for (i = 0; i < fs.length; i++) {
			var k = +fs[i].getAttribute('data-row');
			fs[i].classList.toggle('hit', !!(match && match[k]));
			fs[i].classList.toggle('dim', !!(match && !match[k]));
		}
		var m = document.getElementById('ag-matched');
		if (!m) return;
		if (!match) { m.textContent = ''; return; }
		/* the outermost frames that match, so recursion is counted once */
		var fv = frames(state.ev, 1), sum = 0;
		for (i = 0; i < F.n; i++) {
			if (F.row[i] >= 0 && match[F.row[i]]) { sum += fv.v[i]; i = F.end[i] - 1; }
		}
		m.textContent = ' Matched: ' + pct(sum, fv.total) + ' of ' + evName(state.ev);
	}

	function flameEvents() {
		var box = document.getElementById('ag-flame-box');
		box.addEventListener('click', function (ev) {
			var f = ev.target.closest ? ev.target.closest('.fr') : null;
			if (!f) return;
			var n = +f.getAttribute('data-node');
			state.zoom = n >= 0 && n !== state.zoom ? n : n < 0 ? -1 : state.zoom;
			flame();
			if (n >= 0 && F.row[n] >= 0) go(F.row[n]);
		});
		box.addEventListener('mouseover', function (ev) {
			var f = ev.target.closest ? ev.target.closest('.fr') : null;
			if (f && !f.title) {
				var n = +f.getAttribute('data-node');
				f.title = n >= 0 ? frameTitle(n) : 'all: ' + commify(frames(state.ev, 1).total);
			}
		});
		window.addEventListener('resize', function () { flame(); });
	}

	/* zoom the flame graph to row k's largest frame, and show it */
	function showInFlame(k) {
		var fv = frames(state.ev, 1), best = -1;
		for (var i = 0; i < F.n; i++) if (F.row[i] === k && (best < 0 || fv.v[i] > fv.v[best])) best = i;
		state.zoom = best;
		flame();
		document.getElementById('ag-flame').scrollIntoView();
		return best;
	}

	/* ---- the sandwich: callers above (inverted), callees below, from the same stacks ---- */

	function trie() { return { v: 0, kids: new Map() }; }
	function trieAdd(t, path, v) {
		t.v += v;
		for (var j = 0; j < path.length; j++) {
			var key = path[j], c = t.kids.get(key);
			if (!c) { c = trie(); t.kids.set(key, c); }
			c.v += v;
			t = c;
		}
	}

	function sandwich(k) {
		var e = state.ev, fv = frames(e, 1), callers = trie(), callees = trie(), i, j;
		for (i = 0; i < F.n; i++) {
			if (F.row[i] !== k) continue;
			/* outermost frames of k only: a recursive one is inside one of them */
			var up = [], inner = false;
			for (j = F.parent[i]; j >= 0; j = F.parent[j]) { if (F.row[j] === k) { inner = true; break; } up.push(F.row[j]); }
			if (inner) continue;
			trieAdd(callers, up, fv.v[i]);
			trieAdd(callees, [], fv.v[i]);
			/* each frame below it, by its path from k */
			var path = [], depth0 = F.depth[i];
			for (j = i + 1; j < F.end[i]; j++) {
				path.length = F.depth[j] - depth0 - 1;
				path.push(F.row[j]);
				var own = fv.v[j];
				for (var c = j + 1; c < F.end[j]; c++) if (F.depth[c] === F.depth[j] + 1) own -= fv.v[c];
				if (own > 0) trieAdd(callees, path, own);
			}
		}
		var width = inclOf(k, e, 1), box = el('div', 'sandwich');
		if (!callers.v) {
			add(box, el('h3', null, 'Sandwich'), el('p', 'note', 'No stack of the flame graph holds this function' +
				(diff ? ' in the new profile' : '') + ' (its stacks are worth less than the cut, --threshold).'));
			return box;
		}
		if (isNaN(width) || width < callers.v) width = callers.v;
		add(box, el('h3', null, 'Sandwich'), el('p', 'note', 'Callers above (each caller of a caller higher up), callees below; the width is ' +
			(diff ? 'the new profile\u2019s ' : '') + 'inclusive ' + evName(e) + ' of the function, ' + commify(width) + (callers.v < width * 0.999 ? '; ' + pct(width - callers.v, width) + ' of it is on stacks cut from the flame graph (grey)' : '') + '.'));
		var top = el('div', 'sw up'), mid = el('div', 'sw mid'), bot = el('div', 'sw down');
		drawTrie(top, callers, width, true, k);
		var me = el('div', 'fr self', clean(fname(k)).substring(0, 400));
		me.style.cssText = 'left:0;width:100%;top:0';
		me.title = clean(fname(k)).substring(0, 2000) + '\n' + commify(width) + ' ' + evName(e);
		add(mid, me);
		mid.style.height = FRAMEH + 'px';
		drawTrie(bot, callees, width, false, k);
		add(box, top, mid, bot);
		return box;
	}

	function drawTrie(box, t, width, up, self) {
		var levels = [], W = 100, maxd = 0;
		function walk(node, x, d) {
			var cx = x;
			var kids = Array.from(node.kids.entries()).sort(function (a, b) { return b[1].v - a[1].v; });
			kids.forEach(function (kv) {
				var w = kv[1].v / width * W;
				if (w >= 0.2 && d < 40) {
					levels.push({ row: kv[0], x: cx, w: w, d: d, v: kv[1].v });
					if (d > maxd) maxd = d;
					walk(kv[1], cx, d + 1);
				}
				cx += w;
			});
		}
		walk(t, 0, 0);
		var n = levels.length ? maxd + 1 : 0;
		box.style.height = (n * FRAMEH) + 'px';
		levels.forEach(function (f) {
			var d = el('div', 'fr' + (f.row === self ? ' rec' : ''));
			var y = up ? (n - 1 - f.d) * FRAMEH : f.d * FRAMEH;
			d.style.cssText = 'left:' + f.x.toFixed(3) + '%;width:' + f.w.toFixed(3) + '%;top:' + y + 'px;background:' + (f.row >= 0 ? 'hsl(' + (8 + hue(fname(f.row)) % 42) + ',75%,64%)' : '#ccc');
			d.title = (f.row >= 0 ? clean(fname(f.row)).substring(0, 2000) : '(no listed function)') + '\n' + commify(f.v) + ' ' + evName(state.ev) + ' (' + pct(f.v, width) + ')';
			if (f.row >= 0) {
				d.setAttribute('data-row', String(f.row));
				if (f.w > 4) d.textContent = clean(fname(f.row)).substring(0, 200);
				d.addEventListener('click', function () { go(f.row); });
			}
			add(box, d);
		});
	}

	/* ---- the function panel ---- */

	function linksTable(title, k, callers) {
		var C = calls(), first = callers ? C.inFirst : C.outFirst, ix = callers ? C.inIx : C.outIx, e = state.ev;
		var list = [];
		for (var j = first[k]; j < first[k + 1]; j++) list.push(ix[j]);
		var cost = function (c) { return C.cost[c * NEV + e]; };
		list.sort(function (a, b) { return (cost(b) || 0) - (cost(a) || 0) || a - b; });
		var box = el('div', 'links');
		add(box, el('h3', null, title + ' (' + list.length + ')'));
		if (!list.length) { add(box, el('p', 'note', 'none')); return box; }
		var t = el('table'), hr = el('tr');
		add(hr, el('th', null, 'Function'), el('th', 'num', 'Calls'));
		if (diff) add(hr, el('th', 'num', evName(e) + ' old'), el('th', 'num', evName(e) + ' new'), el('th', 'num', 'change'));
		else add(hr, el('th', 'num', evName(e) + ' inclusive'));
		add(t, hr);
		list.slice(0, 200).forEach(function (c) {
			var tr = el('tr'), n = el('td', 'name'), other = callers ? C.from[c] : C.to[c];
			add(n, fnLink(other));
			if (C.rec[c]) add(n, el('span', 'note', ' (recursive)'));
			add(tr, n);
			if (diff) {
				var nv = C.cost[c * NEV + e], ov = C.cost0[c * NEV + e];
				add(tr, el('td', 'num', commify(C.count[2 * c + 1]) + ' \u2192 ' + commify(C.count[2 * c])),
				    el('td', 'num', commify(ov)), el('td', 'num', commify(nv)), el('td', 'num ' + (nv > ov ? 'grew' : nv < ov ? 'shrank' : ''), signed(nv - ov)));
			} else {
				add(tr, el('td', 'num', commify(C.count[c])),
				    el('td', 'num', C.rec[c] ? '(recursive)' : commify(cost(c)) + ' ' + pct(cost(c), total(e, 1))));
			}
			add(t, tr);
		});
		add(box, t);
		if (list.length > 200) add(box, el('p', 'note', (list.length - 200) + ' more not listed (the 200 largest are)'));
		return box;
	}

	function sourceBox(k) {
		var sp = null, i;
		for (i = 0; i < D.spans.length; i++) if (D.spans[i][0] === k) { sp = D.spans[i]; break; }
		if (!sp) return el('p', 'note', 'No source lines in this report for this function: the page holds those of the first ' +
			D.spans.length + ' functions with a source (annogrind PROFILE FILE annotates any file).');
		var file = D.sources[sp[1]], e = state.ev, box = el('div', 'source'), max = 0;
		add(box, el('h3', null, 'Source: '), nameEl('span', file.name, 'file'));
		if (file.newer) add(box, el('p', 'warn', 'This file is newer than the profile: the annotations may not be correct.'));
		if (file.path) add(box, el('p', 'note', 'Read from ' + clean(file.path) + ': the file of that name is not here, this one ends the same way.'));
		if (file.why !== null) add(box, el('p', 'note', 'The text of this file is not in the report (' + clean(file.why) + '). Lines with a cost are listed by number.'));
		var lines = file.lines.map(function (l) { return { n: l[0], text: l[1], c: l[2] ? unpack(l[2]) : null, sites: l[3] || [] }; });
		function val(c) { return c ? (diff ? c[e] - c[NEV + e] : c[e]) : 0; }
		lines.forEach(function (l) { var v = Math.abs(val(l.c)); if (v > max) max = v; });
		var scroll = el('div', 'scroll'), t = el('table', 'lines'), first = null, prev = null;
		lines.forEach(function (l) {
			var tr = el('tr'), inSpan = l.n >= sp[2] && l.n <= sp[3];
			if (prev !== null && l.n > prev + 1) {
				var gap = el('tr', 'gap');
				add(gap, el('td', 'ln', '\u22ee'), el('td'), el('td'), el('td', 'code'));
				add(t, gap);
			}
			prev = l.n;
			if (inSpan) tr.className = 'mine';
			var v = val(l.c);
			if (l.c && v && max) {
				var a = (0.08 + 0.6 * Math.abs(v) / max).toFixed(3);
				tr.style.backgroundColor = diff ? (v > 0 ? 'rgba(220,40,30,' + a + ')' : 'rgba(40,90,220,' + a + ')') : 'rgba(255,120,0,' + a + ')';
			}
			add(tr, el('td', 'ln', l.n));
			if (diff) {
				var o = l.c ? l.c[NEV + e] : NaN;
				add(tr, el('td', 'num', l.c ? commify(o) + ' \u2192 ' + commify(l.c[e]) : ''),
				    el('td', 'num ' + (v > 0 ? 'grew' : v < 0 ? 'shrank' : ''), l.c ? signed(v) + (o ? ' (' + (v >= 0 ? '+' : '') + (100 * v / o).toFixed(1) + '%)' : v ? ' (new)' : '') : ''));
			} else {
				add(tr, el('td', 'num', l.c ? commify(v) : ''), el('td', 'num pc', l.c ? pct(v, total(e, 1)) : ''));
			}
			add(tr, el('td', 'code', l.text === null ? '(no text)' : clean(l.text)));
			add(t, tr);
			if (inSpan && !first) first = tr;
			l.sites.forEach(function (s) {
				var q = unpack(s[1]), cr = el('tr', 'call'), cell = el('td', 'code'), off = diff ? 2 : 1;
				add(cr, el('td', 'ln'));
				add(cell, el('span', null, '\u21b3 calls '));
				if (s[0] > 0) add(cell, fnLink(s[0] - 1)); else add(cell, el('span', null, '(a function)'));
				add(cell, el('span', 'note', ' \u00d7' + commify(q[0]) + (diff ? ' (old \u00d7' + commify(q[1]) + ')' : '')));
				var cv = diff ? q[off + e] - q[off + NEV + e] : q[off + e];
				add(cr, el('td', 'num', diff ? '' : commify(cv)), el('td', 'num' + (diff ? (cv > 0 ? ' grew' : cv < 0 ? ' shrank' : '') : ' pc'), diff ? signed(cv) : pct(cv, total(e, 1))), cell);
				add(t, cr);
			});
		});
		add(scroll, t);
		add(box, scroll);
		box.scrollTarget = function () { if (first) scroll.scrollTop = Math.max(0, first.offsetTop - 40); };
		return box;
	}

	var units = null;
	function asmBox(k) {
		if (!D.machine_code) return null;
		if (!units) {
			units = new Map();
			var byPid = new Map();
			(D.asm_rows || []).forEach(function (x) { byPid.set(x[0], x[1]); });
			D.machine_code.forEach(function (u) { var r = byPid.get(u['function']); if (r !== undefined && !units.has(r)) units.set(r, u); });
		}
		var u = units.get(k), e = state.ev, max = 0;
		if (!u) return null;
		var box = el('div', 'source asm');
		add(box, el('h3', null, 'Machine code '), nameEl('span', u.object, 'file'));
		if (u.disasm_error) add(box, el('p', 'note', 'No instruction text: ' + clean(u.disasm_error)));
		u.instructions.forEach(function (i) { var v = i.cost ? i.cost[e] : 0; if (v > max) max = v; });
		var scroll = el('div', 'scroll'), t = el('table', 'lines');
		u.instructions.forEach(function (i) {
			var tr = el('tr'), v = i.cost ? i.cost[e] : null;
			if (v && max) tr.style.backgroundColor = 'rgba(255,120,0,' + (0.08 + 0.6 * v / max).toFixed(3) + ')';
			add(tr, el('td', 'ln', i.address), el('td', 'num', v === null ? '' : commify(v)), el('td', 'num pc', v === null ? '' : pct(v, total(e, 1))),
			    el('td', 'code', i.text === undefined ? '' : clean(i.text)), nameEl('td', i.file ? i.file + ':' + i.line : '', 'note'));
			add(t, tr);
		});
		add(scroll, t);
		add(box, scroll);
		return box;
	}

	function panel(k) {
		var p = document.getElementById('ag-panel'), e = state.ev;
		while (p.firstChild) p.removeChild(p.firstChild);
		state.open = k;
		if (k < 0 || k >= N) { p.hidden = true; state.open = -1; return; }
		var close = el('a', 'close', '\u00d7 close');
		close.href = '#';
		close.title = 'close the panel';
		var h = el('h2');
		add(h, nameEl('span', fname(k), 'fname'));
		add(p, close, h);
		var acts = el('p', 'acts'), sf = el('button', null, 'Show in flame graph'), sr = el('button', null, 'Show in table');
		sf.id = 'ag-show-flame';
		sf.addEventListener('click', function () { showInFlame(k); });
		sr.addEventListener('click', function () { showRow(k); document.getElementById('ag-table').scrollIntoView(); });
		add(acts, sf, sr);
		add(p, acts);
		var meta = el('dl', 'meta');
		add(meta, el('dt', null, 'File'), nameEl('dd', ffile(k)));
		if (fobj(k)) add(meta, el('dt', null, 'Object'), nameEl('dd', fobj(k)));
		D.show.forEach(function (x) {
			var txt;
			if (diff) {
				txt = 'self ' + commify(selfOf(k, x, 0)) + ' \u2192 ' + commify(selfOf(k, x, 1)) + ' (' + signed(selfOf(k, x, 1) - selfOf(k, x, 0)) + ')' +
					', inclusive ' + commify(inclOf(k, x, 0)) + ' \u2192 ' + commify(inclOf(k, x, 1)) + ' (' + signed(inclOf(k, x, 1) - inclOf(k, x, 0)) + ')' +
					(state.norm ? '; share ' + pct(selfOf(k, x, 0), total(x, 0)) + ' \u2192 ' + pct(selfOf(k, x, 1), total(x, 1)) : '');
			} else {
				txt = 'self ' + commify(selfOf(k, x)) + ' (' + pct(selfOf(k, x), total(x, 1)) + '), inclusive ' +
					(D.incl_known && !(flags[k] & 1) ? '\u2265' : '') + commify(inclOf(k, x)) + ' (' + pct(inclOf(k, x), total(x, 1)) + ')';
			}
			add(meta, el('dt', null, evName(x)), el('dd', x === e ? 'current' : null, txt));
		});
		if (!diff && NCALLS[k]) add(meta, el('dt', null, 'Called'), el('dd', null, commify(NCALLS[k]) + (NCALLS[k] === 1 ? ' time' : ' times')));
		if (diff && flags[k] & 6) add(meta, el('dt', null, 'Status'), el('dd', 'status', flags[k] & 4 ? 'only in the new profile' : 'only in the old profile'));
		add(p, meta);
		if (PIECES.by.has(k)) {
			var pc = el('div', 'pieces');
			add(pc, el('h3', null, 'Pieces (' + PIECES.by.get(k).length + '): its own code and code inlined from other files'));
			var ul = el('ul');
			PIECES.by.get(k).forEach(function (q) {
				var li = el('li');
				add(li, nameEl('span', q.file + ':' + q.name), el('span', 'note', ' self ' + (diff ? commify(pieceSelf(q, e, 0)) + ' \u2192 ' + commify(pieceSelf(q, e, 1)) : commify(pieceSelf(q, e)))));
				add(ul, li);
			});
			add(pc, ul);
			add(p, pc);
		}
		add(p, sandwich(k));
		var cols = el('div', 'cols');
		add(cols, linksTable('Callers', k, true), linksTable('Callees', k, false));
		add(p, cols);
		var src = sourceBox(k);
		add(p, src);
		add(p, asmBox(k));
		p.hidden = false;
		p.scrollTop = 0;
		if (src.scrollTarget) src.scrollTarget();
		var rs = document.querySelectorAll('#ag-rows .row.open');
		for (var i = 0; i < rs.length; i++) rs[i].classList.remove('open');
		var r = document.querySelector('#ag-rows .row[data-row="' + k + '"]');
		if (r) r.classList.add('open');
	}

	/* #fn=KEY opens function KEY; back and forward move between them */
	function go(k) {
		var h = fnHref(k);
		if (window.location.hash === h) panel(k);
		else window.location.hash = h;
	}
	function route() {
		var m = /^#fn=(.*)$/.exec(window.location.hash), k = -1;
		if (m) {
			var key;
			try { key = decodeURIComponent(m[1]); } catch (err) { key = null; }
			k = key !== null ? rowOfKey(key) : -1;
		}
		if (m || state.open >= 0) panel(k);
	}

	/* the call graph: a box's title is "f" and its row */
	function graph() {
		var g = document.getElementById('ag-graph');
		if (D.graph_note) add(g, el('p', 'note', D.graph_note));
		g.addEventListener('click', function (ev) {
			var n = ev.target.closest ? ev.target.closest('g.node') : null, t = n ? n.querySelector('title') : null;
			var m = t ? /^f(\d+)$/.exec(t.textContent) : null;
			if (m && +m[1] < N) { ev.preventDefault(); go(+m[1]); }
		});
	}

	var T2 = performance.now();
	header();
	table();
	var T3 = performance.now();
	flameEvents();
	flame();
	graph();
	window.addEventListener('hashchange', route);
	route();
	/* the search's lower-case names, made while nobody types */
	setTimeout(makeHay, 50);
	window.agReport = { thread: function () { return state.thread; }, ms: [T1 - T0, T2 - T0, T3 - T0, performance.now() - T0], N: N, clean: clean, name: fname, items: function () { return items; }, order: function () { return order; }, state: state,
		frames: function () { return F; }, key: keyOf, sortMs: function () { return grid.sortMs; }, searchMs: function () { return match ? match.ms : 0; } };
}());
