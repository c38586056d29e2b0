// A small workload for node --jitless: objects, strings, a sort, JSON and
// a regular expression, so the interpreter's handlers all run.
'use strict';
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
const items = [];
for (let i = 0; i < 3000; i++) {
  items.push({ id: i, name: 'item' + ((i * 7919) % 3001), score: (i * 37) % 101 });
}
items.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
const text = JSON.stringify(items.slice(0, 500));
const back = JSON.parse(text);
const words = text.match(/item\d+/g);
const counts = new Map();
for (const w of words) counts.set(w, (counts.get(w) || 0) + 1);
console.log(fib(18), back.length, counts.size);
