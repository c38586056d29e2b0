// shapes.cpp: a small C++ program for the README's CI example: it builds
// N shapes, sorts them by size and sums their areas by kind.  Built with
// -O2, most of main is code inlined from the library's headers.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

struct Shape {
	std::string kind;
	double size;
};

static double area(const Shape &s)
{
	return s.kind == "square" ? s.size * s.size : 3.14159 * s.size * s.size;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? std::atoi(argv[1]) : 2000;
	std::vector<Shape> v;
	std::map<std::string, double> by_kind;

	for (int i = 0; i < n; i++)
		v.push_back(Shape{ i % 3 ? "circle" : "square", (double)(i * 7919 % 1000) });
	std::sort(v.begin(), v.end(), [](const Shape &a, const Shape &b) { return a.size < b.size; });
	for (const Shape &s : v)
		by_kind[s.kind] += area(s);
	for (const auto &kv : by_kind)
		std::printf("%s %.1f\n", kv.first.c_str(), kv.second);
	return 0;
}
