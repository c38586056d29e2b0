/*
 * annogrind's HTML report (--format=html): builds the page from the JSON
 * block #ag-data that report_html.c writes.  Profile text reaches the DOM
 * through textContent and attributes only, never as markup.  Plain
 * ECMAScript 5, no library.  Embedded at build time (src/html/embed.sh).
 */
(function () {
	'use strict';

	var D = JSON.parse(document.getElementById('ag-data').textContent);
	var diff = D.kind === 'diff';
	var NAME_MAX = 80;
	var state = { ev: D.sort, key: null, desc: true, filter: '' };

	/* ---- small helpers ---- */

	function el(tag, cls, text) {
		var e = document.createElement(tag);
		if (cls) e.className = cls;
		if (text !== undefined && text !== null) e.textContent = String(text);
		return e;
	}

	function add(parent) {
		for (var i = 1; i < arguments.length; i++) parent.appendChild(arguments[i]);
		return parent;
	}

	/* a long name shown cut, whole in its title */
	function nameEl(tag, s, cls) {
		var e = el(tag, cls, s.length > NAME_MAX ? s.substring(0, NAME_MAX - 1) + '\u2026' : s);
		e.title = s;
		return e;
	}

	function commify(n) {
		if (n === null || n === undefined) return '.';
		var neg = n < 0, s = String(Math.abs(n)), out = '';
		while (s.length > 3) {
			out = ',' + s.substring(s.length - 3) + out;
			s = s.substring(0, s.length - 3);
		}
		return (neg ? '-' : '') + s + out;
	}

	function signed(n) {
		return n > 0 ? '+' + commify(n) : n < 0 ? commify(n) : '0';
	}

	function pct(v, total) {
		if (!total) return '';
		return (100 * v / total).toFixed(2) + '%';
	}

	function evName(e) {
		return D.events[e].name;
	}

	/* a cost: one profile [v per event]; a diff [[old per event], [new per event]] */
	function now(c, e) {
		if (!c) return null;
		return diff ? c[1][e] : c[e];
	}

	function before(c, e) {
		return c && diff ? c[0][e] : null;
	}

	function change(c, e) {
		return c && diff ? c[1][e] - c[0][e] : null;
	}

	function total(e) {
		return now(D.totals, e) || 0;
	}

	function changeClass(d) {
		return d > 0 ? 'grew' : d < 0 ? 'shrank' : 'same';
	}

	function relChange(c, e) {
		var o = before(c, e), d = change(c, e);
		if (!d) return '';
		if (!o) return 'new';
		return (d > 0 ? '+' : '') + (100 * d / o).toFixed(1) + '%';
	}

	function fnLink(k) {
		var f = D.fns[k], a = nameEl('a', f.name, 'fn');
		a.href = '#fn=' + k;
		return a;
	}

	/* ---- header ---- */

	function header() {
		var h = document.getElementById('ag-head'), t, i, sel, row;
		document.title = 'annogrind: ' + (D.cmd || D.profiles.join(', '));
		add(h, el('h1', null, diff ? 'annogrind comparison' : 'annogrind report'));
		t = el('dl', 'meta');
		function item(k, v) {
			if (v === null || v === undefined || v === '') return;
			add(t, el('dt', null, k), nameEl('dd', String(v)));
		}
		if (diff) {
			item('Old profile', D.profiles[0]);
			item('New profile', D.profiles[1]);
			if (D.old_cmd !== D.cmd) item('Old command', D.old_cmd);
			item('Command', D.cmd);
		} else {
			item(D.profiles.length > 1 ? 'Profiles' : 'Profile', D.profiles.join(', '));
			item('Command', D.cmd);
		}
		item('Creator', D.creator);
		add(h, t);

		t = el('table', 'totals');
		row = add(el('tr'), el('th', null, 'Event'));
		if (diff) add(row, el('th', 'num', 'Old total'), el('th', 'num', 'New total'), el('th', 'num', 'Change'));
		else add(row, el('th', 'num', 'Total'));
		add(t, row);
		D.show.forEach(function (e) {
			var r = el('tr'), name = el('td', null, evName(e));
			if (D.events[e].long) name.title = D.events[e].long;
			add(r, name);
			if (diff) {
				var d = change(D.totals, e);
				add(r, el('td', 'num', commify(before(D.totals, e))), el('td', 'num', commify(total(e))),
				    el('td', 'num ' + changeClass(d), signed(d) + ' ' + relChange(D.totals, e)));
			} else {
				add(r, el('td', 'num', commify(total(e))));
			}
			add(t, r);
		});
		add(h, t);

		row = el('p', 'controls');
		sel = el('select');
		sel.id = 'ag-event';
		for (i = 0; i < D.show.length; i++) {
			var o = el('option', null, evName(D.show[i]));
			o.value = String(D.show[i]);
			if (D.show[i] === state.ev) o.selected = true;
			add(sel, o);
		}
		sel.addEventListener('change', function () {
			state.ev = +sel.value;
			table();
			route();
		});
		var lab = el('label', null, 'Event shown: ');
		add(lab, sel);
		var box = el('input');
		box.type = 'search';
		box.id = 'ag-filter';
		box.placeholder = 'filter functions (text in the name or file)';
		box.addEventListener('input', function () {
			state.filter = box.value;
			applyFilter();
		});
		add(row, lab, box, el('span', 'count'));
		add(h, row);
		var note = el('p', 'note');
		note.textContent = (diff ? 'The ' + D.nrows + ' functions whose cost changed most' :
			'The ' + D.nrows + ' functions the text report lists') +
			(D.threshold !== null ? ' (threshold ' + D.threshold + '%' : ' (') +
			(D.threshold !== null ? ', ' : '') + 'at most ' + D.cap + ') of ' + D.nfns +
			'. Click a function for its callers, callees and source.' +
			(diff ? ' Red grew, blue shrank.' : '') +
			(D.incl_known && !diff ? ' \u2265 marks an inclusive cost that is a lower bound (recursion).' : '');
		add(h, note);
		var nav = el('p', 'nav');
		[['ag-table', 'Functions'], ['ag-flame', 'Flame graph'], ['ag-graph', 'Call graph']].forEach(function (x, i) {
			var a = el('a', null, x[1]);
			a.href = '#' + x[0];
			a.addEventListener('click', function (ev) {
				ev.preventDefault();
				document.getElementById(x[0]).scrollIntoView();
			});
			if (i) add(nav, document.createTextNode(' \u00b7 '));
			add(nav, a);
		});
		add(h, nav);
	}

	/* ---- the function table ---- */

	function columns() {
		var cols = [{ key: 'name', label: 'Function' }, { key: 'file', label: 'File' }];
		D.show.forEach(function (e) {
			if (diff) {
				cols.push({ key: 's0:' + e, label: evName(e) + ' self old', e: e, get: function (f) { return before(f.self, e); } });
				cols.push({ key: 's1:' + e, label: evName(e) + ' self new', e: e, get: function (f) { return now(f.self, e); } });
				cols.push({ key: 'sd:' + e, label: evName(e) + ' self change', e: e, delta: 'self', get: function (f) { return change(f.self, e); } });
				cols.push({ key: 'id:' + e, label: evName(e) + ' incl change', e: e, delta: 'incl', get: function (f) { return change(f.incl, e); } });
			} else {
				cols.push({ key: 's:' + e, label: evName(e) + ' self', e: e, kind: 'self', get: function (f) { return now(f.self, e); } });
				cols.push({ key: 'i:' + e, label: evName(e) + ' incl', e: e, kind: 'incl', get: function (f) { return now(f.incl, e); } });
			}
		});
		return cols;
	}

	function costCell(f, c) {
		var td = el('td', 'num'), v = c.get(f), t = total(c.e);
		if (c.delta) {
			var src = c.delta === 'self' ? f.self : f.incl;
			td.className = 'num ' + changeClass(v);
			add(td, el('span', 'v', signed(v)));
			add(td, el('span', 'pc', relChange(src, c.e)));
			return td;
		}
		var mark = c.kind === 'incl' && D.incl_known && !f.exact ? '\u2265' : '';
		var sp = el('span', 'v', mark + commify(v));
		if (mark) sp.title = 'a lower bound: recursion makes the exact inclusive cost unknown';
		add(td, sp);
		if (!diff && v !== null && t) {
			add(td, el('span', 'pc', pct(v, t)));
			if (c.e === state.ev) {
				var bar = el('span', 'bar');
				bar.style.width = Math.max(0, Math.min(100, 100 * v / t)).toFixed(1) + '%';
				add(td, bar);
				td.className = 'num barcell';
			}
		}
		return td;
	}

	var rowsEls = [];

	function table() {
		var sec = document.getElementById('ag-table'), cols = columns(), i;
		while (sec.firstChild) sec.removeChild(sec.firstChild);
		var tb = el('table', 'fns'), thead = el('thead'), hr = el('tr'), body = el('tbody');
		if (state.key === null) state.key = diff ? 'sd:' + state.ev : (D.order === 'inclusive' ? 'i:' : 's:') + state.ev;
		cols.forEach(function (c) {
			var th = el('th', c.get ? 'num sortable' : 'sortable', c.label);
			th.setAttribute('data-key', c.key);
			if (c.key === state.key) th.className += state.desc ? ' desc' : ' asc';
			th.title = 'sort by ' + c.label;
			th.addEventListener('click', function () {
				if (state.key === c.key) state.desc = !state.desc;
				else { state.key = c.key; state.desc = !!c.get; }
				table();
			});
			add(hr, th);
		});
		add(tb, add(thead, hr), body);
		var order = [];
		for (i = 0; i < D.nrows; i++) order.push(i);
		var col = cols.filter(function (c) { return c.key === state.key; })[0] || cols[2];
		order.sort(function (a, b) {
			var fa = D.fns[a], fb = D.fns[b], x, y, r;
			if (col.get) {
				x = col.get(fa); y = col.get(fb);
				if (col.delta) { x = Math.abs(x || 0); y = Math.abs(y || 0); }
				x = x === null ? -Infinity : x; y = y === null ? -Infinity : y;
				r = x < y ? -1 : x > y ? 1 : 0;
			} else {
				x = fa[col.key]; y = fb[col.key];
				r = x < y ? -1 : x > y ? 1 : 0;
			}
			if (state.desc) r = -r;
			return r || a - b;
		});
		rowsEls = [];
		order.forEach(function (k) {
			var f = D.fns[k], tr = el('tr');
			tr.setAttribute('data-fn', String(k));
			var name = el('td', 'name');
			add(name, fnLink(k));
			if (diff && f.status !== 'both') add(name, el('span', 'status ' + f.status, f.status));
			add(tr, name, nameEl('td', f.file, 'file'));
			cols.slice(2).forEach(function (c) { add(tr, costCell(f, c)); });
			add(body, tr);
			rowsEls.push({ tr: tr, text: (f.name + '\n' + f.file).toLowerCase() });
		});
		add(sec, tb);
		applyFilter();
	}

	/* plain text, not a regular expression */
	function applyFilter() {
		var t = state.filter.toLowerCase(), shown = 0;
		rowsEls.forEach(function (r) {
			var ok = !t || r.text.indexOf(t) >= 0;
			r.tr.hidden = !ok;
			if (ok) shown++;
		});
		var c = document.querySelector('#ag-head .count');
		if (c) c.textContent = t ? shown + ' of ' + rowsEls.length + ' shown' : '';
	}

	/* ---- the function panel ---- */

	function linksTable(title, links, more) {
		var box = el('div', 'links');
		add(box, el('h3', null, title + ' (' + (links.length + more) + ')'));
		if (!links.length) {
			add(box, el('p', 'note', 'none'));
			return box;
		}
		var t = el('table'), hr = el('tr'), e = state.ev;
		add(hr, el('th', null, 'Function'), el('th', 'num', 'Calls'));
		if (diff) add(hr, el('th', 'num', evName(e) + ' old'), el('th', 'num', evName(e) + ' new'), el('th', 'num', 'change'));
		else add(hr, el('th', 'num', evName(e) + ' inclusive'));
		add(t, hr);
		links.forEach(function (l) {
			var tr = el('tr'), n = el('td');
			add(n, fnLink(l[0]));
			if (l[3]) add(n, el('span', 'note', ' (recursive)'));
			add(tr, n);
			if (diff) {
				add(tr, el('td', 'num', commify(l[1][0]) + ' \u2192 ' + commify(l[1][1])));
				var d = change(l[2], e);
				add(tr, el('td', 'num', commify(before(l[2], e))), el('td', 'num', commify(now(l[2], e))),
				    el('td', 'num ' + changeClass(d), signed(d)));
			} else {
				add(tr, el('td', 'num', commify(l[1])),
				    el('td', 'num', l[3] ? '(recursive)' : commify(now(l[2], e)) + ' ' + pct(now(l[2], e), total(e))));
			}
			add(t, tr);
		});
		add(box, t);
		if (more) add(box, el('p', 'note', more + ' more not listed (the ' + links.length + ' largest are)'));
		return box;
	}

	function sourceBox(f, k) {
		var box = el('div', 'source'), file = D.files[f.src], e = state.ev, max = 0;
		add(box, el('h3', null, 'Source: '), nameEl('span', file.name, 'file'));
		if (file.why !== null) add(box, el('p', 'note', 'The text of this file is not in the report: ' + file.why + '. Lines with a cost are listed by number.'));
		var scroll = el('div', 'scroll'), t = el('table', 'lines'), first = null;
		file.lines.forEach(function (l) {
			var v = l[2] ? Math.abs(diff ? change(l[2], e) : now(l[2], e)) : 0;
			if (v > max) max = v;
		});
		var prev = null;
		file.lines.forEach(function (l) {
			var tr = el('tr'), c = l[2], inSpan = l[0] >= f.span[0] && l[0] <= f.span[1];
			if (prev !== null && l[0] > prev + 1) {
				var gap = el('tr', 'gap');
				add(gap, el('td', 'ln', '\u22ee'), el('td', null), el('td', null));
				if (diff) add(gap, el('td', null));
				add(gap, el('td', 'code note', file.why === null ? '' : (l[0] - prev - 1) + ' lines without a cost'));
				add(t, gap);
			}
			prev = l[0];
			if (inSpan) tr.className = 'mine';
			var v = c ? (diff ? change(c, e) : now(c, e)) : null;
			if (c && v && max) {
				var a = (0.08 + 0.6 * Math.abs(v) / max).toFixed(3);
				tr.style.backgroundColor = diff ? (v > 0 ? 'rgba(220,40,30,' + a + ')' : 'rgba(40,90,220,' + a + ')')
					: 'rgba(255,120,0,' + a + ')';
			}
			add(tr, el('td', 'ln', l[0]));
			if (diff) {
				add(tr, el('td', 'num', c ? commify(before(c, e)) : ''), el('td', 'num', c ? commify(now(c, e)) : ''),
				    el('td', 'num ' + (c ? changeClass(v) : ''), c ? signed(v) : ''));
			} else {
				add(tr, el('td', 'num', c ? commify(v) : ''), el('td', 'num pc', c ? pct(v, total(e)) : ''));
			}
			add(tr, el('td', 'code', l[1] === null ? '(no text)' : l[1]));
			add(t, tr);
			if (inSpan && !first) first = tr;
			(l[3] || []).forEach(function (s) {
				var cr = el('tr', 'call'), cell = el('td', 'code');
				add(cr, el('td', 'ln'));
				if (diff) {
					add(cr, el('td', 'num', commify(before(s[2], e))), el('td', 'num', commify(now(s[2], e))),
					    el('td', 'num ' + changeClass(change(s[2], e)), signed(change(s[2], e))));
					add(cell, el('span', null, '\u21b3 calls '), fnLink(s[0]),
					    el('span', 'note', ' \u00d7' + commify(s[1][0]) + ' \u2192 ' + commify(s[1][1])));
				} else {
					add(cr, el('td', 'num', commify(now(s[2], e))), el('td', 'num pc', pct(now(s[2], e), total(e))));
					add(cell, el('span', null, '\u21b3 calls '), fnLink(s[0]), el('span', 'note', ' \u00d7' + commify(s[1])));
				}
				add(cr, cell);
				add(t, cr);
			});
		});
		add(scroll, t);
		add(box, scroll);
		box.scrollTarget = function () {
			if (first) scroll.scrollTop = Math.max(0, first.offsetTop - 40);
		};
		return box;
	}

	/* the machine code of a function: its unit, by the profile's function ids */
	var byId = {}, units = {};
	D.fns.forEach(function (f, k) { byId[f.id] = k; });
	(D.machine_code || []).forEach(function (u) {
		units[u.function] = u;
		u.pieces.forEach(function (id) { if (!(id in units)) units[id] = u; });
	});

	function asmBox(f) {
		var u = units[f.id], e = state.ev, max = 0;
		if (!u) return null;
		var box = el('div', 'source asm');
		add(box, el('h3', null, 'Machine code'), nameEl('span', u.object, 'file'));
		if (u.disasm_error) add(box, el('p', 'note', 'No instruction text: ' + u.disasm_error));
		else if (u.instructions.length && u.instructions[0].text === undefined)
			add(box, el('p', 'note', 'No instruction text: objdump was not run when the report was made.'));
		u.instructions.forEach(function (i) {
			var v = i.cost ? i.cost[e] : 0;
			if (v > max) max = v;
		});
		var scroll = el('div', 'scroll'), t = el('table', 'lines');
		u.instructions.forEach(function (i) {
			var tr = el('tr'), v = i.cost ? i.cost[e] : null, where = i.file ? i.file + ':' + i.line : '';
			if (v && max) tr.style.backgroundColor = 'rgba(255,120,0,' + (0.08 + 0.6 * v / max).toFixed(3) + ')';
			add(tr, el('td', 'ln', i.address), el('td', 'num', v === null ? '' : commify(v)),
			    el('td', 'num pc', v === null ? '' : pct(v, total(e))), el('td', 'code', i.text === undefined ? '' : i.text));
			var n = nameEl('td', where, 'note');
			add(tr, n);
			add(t, tr);
			i.calls.forEach(function (c) {
				var cr = el('tr', 'call'), cell = el('td', 'code');
				add(cr, el('td', 'ln'), el('td', 'num', commify(c.inclusive[e])), el('td', 'num pc', pct(c.inclusive[e], total(e))));
				add(cell, el('span', null, '\u21b3 calls '));
				if (c.id in byId) add(cell, fnLink(byId[c.id]));
				else add(cell, el('span', null, 'function #' + c.id));
				add(cell, el('span', 'note', ' \u00d7' + commify(c.count)));
				add(cr, cell, el('td'));
				add(t, cr);
			});
			i.jumps.forEach(function (j) {
				var jr = el('tr', 'call');
				add(jr, el('td', 'ln'), el('td'), el('td'),
				    el('td', 'code', '\u21b3 ' + (j.conditional ? 'jumps to ' + j.to + ' ' + commify(j.taken) + ' of ' + commify(j.executed) + ' times'
						: 'jumps to ' + j.to + ' ' + commify(j.executed) + ' times')), el('td'));
				add(t, jr);
			});
		});
		add(scroll, t);
		add(box, scroll);
		return box;
	}

	function panel(k) {
		var p = document.getElementById('ag-panel'), f = D.fns[k], e = state.ev;
		while (p.firstChild) p.removeChild(p.firstChild);
		if (!f) { p.hidden = true; return; }
		var close = el('a', 'close', '\u00d7 close');
		close.href = '#';
		var h = el('h2');
		add(h, nameEl('span', f.name, 'fname'));
		add(p, close, h);
		var meta = el('dl', 'meta');
		add(meta, el('dt', null, 'File'), nameEl('dd', f.file));
		if (f.obj) add(meta, el('dt', null, 'Object'), nameEl('dd', f.obj));
		D.show.forEach(function (x) {
			var txt;
			if (diff) {
				txt = 'self ' + commify(before(f.self, x)) + ' \u2192 ' + commify(now(f.self, x)) + ' (' + signed(change(f.self, x)) + ')' +
					', inclusive ' + commify(before(f.incl, x)) + ' \u2192 ' + commify(now(f.incl, x)) + ' (' + signed(change(f.incl, x)) + ')';
			} else {
				txt = 'self ' + commify(now(f.self, x)) + ' (' + pct(now(f.self, x), total(x)) + '), inclusive ' +
					(D.incl_known && !f.exact ? '\u2265' : '') + commify(now(f.incl, x)) + ' (' + pct(now(f.incl, x), total(x)) + ')';
			}
			add(meta, el('dt', null, evName(x)), el('dd', x === e ? 'current' : null, txt));
		});
		if (!diff && f.calls) add(meta, el('dt', null, 'Called'), el('dd', null, commify(f.calls) + (f.calls === 1 ? ' time' : ' times')));
		if (diff && f.status !== 'both') add(meta, el('dt', null, 'Status'), el('dd', 'status ' + f.status, f.status === 'new' ? 'only in the new profile' : 'only in the old profile'));
		add(p, meta);
		if (!f.callers) {
			add(p, el('p', 'note', 'This function is not in the table (it calls or is called by one that is): its callers, callees and source are not in this report.'));
			p.hidden = false;
			return;
		}
		var cols = el('div', 'cols');
		add(cols, linksTable('Callers', f.callers, f.more[0]), linksTable('Callees', f.callees, f.more[1]));
		add(p, cols);
		var src = null;
		if (f.src >= 0) add(p, src = sourceBox(f, k));
		else add(p, el('p', 'note', 'No source lines: the profile gives none for this function.'));
		var asm = asmBox(f);
		if (asm) add(p, asm);
		p.hidden = false;
		p.scrollIntoView();
		if (src) src.scrollTarget();
	}

	/* #fn=K opens function K; the browser's back and forward move between them */
	function route() {
		var m = /^#fn=(\d+)$/.exec(window.location.hash);
		panel(m ? +m[1] : -1);
		var cur = document.querySelectorAll('#ag-table tr.open');
		for (var i = 0; i < cur.length; i++) cur[i].className = '';
		if (m) {
			var tr = document.querySelector('#ag-table tr[data-fn="' + m[1] + '"]');
			if (tr) tr.className = 'open';
		}
	}

	function graphNote() {
		if (D.graph_note) add(document.getElementById('ag-graph'), el('p', 'note', D.graph_note));
	}

	header();
	table();
	graphNote();
	window.addEventListener('hashchange', route);
	route();
}());
