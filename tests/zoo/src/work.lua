-- A small workload for lua5.4: tables, closures, string functions, a sort,
-- pcall and a recursive function.
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
local items = {}
for i = 0, 2999 do
  items[#items + 1] = { id = i, name = string.format("item%d", (i * 7919) % 3001), score = (i * 37) % 101 }
end
table.sort(items, function(a, b)
  if a.score ~= b.score then return a.score < b.score end
  return a.name < b.name
end)
local parts = {}
for i = 1, 500 do parts[#parts + 1] = items[i].id .. ":" .. items[i].name end
local text = table.concat(parts, ",")
local counts, n = {}, 0
for w in text:gmatch("item%d+") do
  if not counts[w] then n = n + 1 end
  counts[w] = (counts[w] or 0) + 1
end
local ok, err = pcall(function() error("caught") end)
print(fib(16), #items, n, ok, err ~= nil)
