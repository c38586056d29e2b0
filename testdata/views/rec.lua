-- recursive work: naive fibonacci, a binary tree built and walked, a quicksort
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end

local function build(d)
  if d == 0 then return {} end
  return { left = build(d - 1), right = build(d - 1) }
end
local function count(t)
  if not t.left then return 1 end
  return 1 + count(t.left) + count(t.right)
end

local function qsort(a, lo, hi)
  if lo >= hi then return end
  local p, i = a[hi], lo
  for j = lo, hi - 1 do
    if a[j] < p then a[i], a[j] = a[j], a[i]; i = i + 1 end
  end
  a[i], a[hi] = a[hi], a[i]
  qsort(a, lo, i - 1); qsort(a, i + 1, hi)
end

local a, x = {}, 12345
for i = 1, 3000 do x = (x * 1103515245 + 12345) % 2147483648; a[i] = x end
qsort(a, 1, #a)
print(fib(18), count(build(10)), a[1] <= a[2])
-- recursion through C: pcall, a metamethod and a gsub callback re-enter the VM
local function deep(n) if n == 0 then return 0 end local _, v = pcall(deep, n - 1) return v + 1 end
local memo = setmetatable({}, { __index = function(t, k)
  if k < 2 then return k end
  local v = t[k - 1] + t[k - 2]; rawset(t, k, v); return v end })
local function nest(s, d)
  if d == 0 then return s end
  return (s:gsub("%a", function(c) return nest(c, d - 1) end))
end
local acc = 0
for i = 1, 200 do acc = acc + deep(20) end
print(acc, memo[60], #nest("recursion", 6))
