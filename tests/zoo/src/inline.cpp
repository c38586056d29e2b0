// A small C++ program for g++ -O2 -g: templates, std::map, std::sort,
// std::string and lambdas, so that most of the code is inlined from the
// library's headers into a few functions.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

struct item {
	int id;
	std::string name;
	int score;
};

template <typename T, typename F>
std::vector<T> keep(const std::vector<T> &v, F pred)
{
	std::vector<T> out;
	for (const T &x : v)
		if (pred(x))
			out.push_back(x);
	return out;
}

std::vector<item> make(int n)
{
	std::vector<item> v;
	v.reserve(n);
	for (int i = 0; i < n; i++)
		v.push_back({i, "item" + std::to_string((i * 7919) % 3001), (i * 37) % 101});
	return v;
}

int fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

} // namespace

int main()
{
	std::vector<item> v = make(3000);
	std::sort(v.begin(), v.end(), [](const item &a, const item &b) {
		return a.score != b.score ? a.score < b.score : a.name < b.name;
	});
	std::map<std::string, int> counts;
	for (const item &x : v)
		counts[x.name]++;
	auto high = keep(v, [](const item &x) { return x.score > 50; });
	std::printf("%d %zu %zu %d\n", fib(20), counts.size(), high.size(), v.front().score);
	return 0;
}
