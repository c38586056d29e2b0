/* timeit: runs a command several times and prints the median wall time and the peak memory. */

/*
 * usage: timeit RUNS INPUT COMMAND [ARG ...]
 *
 * Runs COMMAND RUNS times with standard input from INPUT ("-" for none:
 * /dev/null) and standard output and error to /dev/null, and prints
 * "MEDIAN_SECONDS MAX_RSS_KB STATUS MEDIAN_CPU_SECONDS": the median
 * wall-clock time, the largest maximum resident set size of the runs
 * (getrusage's ru_maxrss, the number /usr/bin/time -v prints as "Maximum
 * resident set size"), the exit status of the last run, and the median CPU
 * time (user + system, all threads): on a shared machine the wall-clock
 * time also counts waiting for a core, the CPU time does not.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	int runs, i, status = 0;
	double *t, *cpu;
	long maxrss = 0;

	if (argc < 4 || (runs = atoi(argv[1])) < 1) {
		fputs("usage: timeit RUNS INPUT COMMAND [ARG ...]\n", stderr);
		return 2;
	}
	t = calloc((size_t)runs, sizeof(*t));
	cpu = calloc((size_t)runs, sizeof(*cpu));
	if (!t || !cpu)
		return 1;
	for (i = 0; i < runs; i++) {
		struct timespec a, b;
		struct rusage ru;
		pid_t pid;
		clock_gettime(CLOCK_MONOTONIC, &a);
		pid = fork();
		if (pid < 0) {
			perror("timeit: fork");
			return 1;
		}
		if (pid == 0) {
			int in = open(argv[2][0] == '-' && !argv[2][1] ? "/dev/null" : argv[2], O_RDONLY);
			int out = open("/dev/null", O_WRONLY);
			if (in < 0 || out < 0) {
				perror("timeit: open");
				_exit(127);
			}
			dup2(in, 0);
			dup2(out, 1);
			dup2(out, 2);
			execvp(argv[3], argv + 3);
			_exit(127);
		}
		if (wait4(pid, &status, 0, &ru) < 0) {
			perror("timeit: wait4");
			return 1;
		}
		clock_gettime(CLOCK_MONOTONIC, &b);
		t[i] = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
		cpu[i] = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
			 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
		if (ru.ru_maxrss > maxrss)
			maxrss = ru.ru_maxrss;
	}
	qsort(t, (size_t)runs, sizeof(*t), dbl_cmp);
	qsort(cpu, (size_t)runs, sizeof(*cpu), dbl_cmp);
	printf("%.4f %ld %d %.4f\n", runs % 2 ? t[runs / 2] : (t[runs / 2 - 1] + t[runs / 2]) / 2,
	       maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
	       runs % 2 ? cpu[runs / 2] : (cpu[runs / 2 - 1] + cpu[runs / 2]) / 2);
	return 0;
}
