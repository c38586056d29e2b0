// A small Go program: a map, a sort, a strings.Builder and goroutines that
// send their sums over a channel, so the runtime starts threads.
package main

import (
	"fmt"
	"sort"
	"strings"
)

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func main() {
	names := make([]string, 0, 3000)
	for i := 0; i < 3000; i++ {
		names = append(names, fmt.Sprintf("item%d", (i*7919)%3001))
	}
	sort.Strings(names)
	counts := map[string]int{}
	var b strings.Builder
	for _, n := range names {
		counts[n]++
		b.WriteString(n)
	}
	ch := make(chan int)
	for w := 0; w < 4; w++ {
		go func(w int) { ch <- fib(15 + w) }(w)
	}
	sum := 0
	for w := 0; w < 4; w++ {
		sum += <-ch
	}
	fmt.Println(len(counts), b.Len(), sum)
}
