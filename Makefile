# annogrind: plain GNU make.  See README for the two commands (make demo, make check).
# Plain make only builds: a missing Debian package stops it with the
# command that installs it (tests/deps.sh); make deps installs them (as
# root), and make demo and make check call it.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
DESTDIR ?=

CC ?= cc
CFLAGS ?= -O2 -g
WARN = -Wall -Wextra -Wstrict-prototypes -Wmissing-prototypes -Wwrite-strings \
       -Wshadow -Wvla -Wformat=2 -Wno-format-nonliteral
ifdef WERROR
WARN += -Werror
endif
ifdef SANITIZE
SANFLAGS = -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
endif
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS)
ALL_LDFLAGS = $(LDFLAGS) $(SANFLAGS)
LIBS = -pthread -lz -lm

# Objects go to a folder of their own per set of flags, so a sanitizer build
# never mixes with the plain one: build/plain, build/address-undefined, ...
comma := ,
BUILD ?= build/$(if $(SANITIZE),$(subst $(comma),-,$(SANITIZE)),plain)
# The binary is linked in $(BUILD) and copied to $(BIN) (./annogrind by
# default) whenever it differs, so switching SANITIZE back and forth always
# leaves ./annogrind built with the flags of the last make.
BIN ?= annogrind
LINKED = $(BUILD)/annogrind

# every module of src/ but main.c goes into the library the tests link with
LIB_SRC = $(filter-out src/main.c,$(sort $(wildcard src/*.c)))
LIB_OBJ = $(patsubst src/%.c,$(BUILD)/%.o,$(LIB_SRC)) $(BUILD)/html_assets.o
OBJ = $(LIB_OBJ) $(BUILD)/main.o

all: deps-build $(BIN)

$(LINKED): $(OBJ)
	$(CC) $(ALL_LDFLAGS) -o $@ $(OBJ) $(LIBS)

ifneq ($(BIN),$(LINKED))
$(BIN): $(LINKED) FORCE
	@cmp -s $(LINKED) $@ || cp $(LINKED) $@
endif

FORCE:

# Order-only: with make -j the objects wait for deps-build (uthash.h,
# zlib.h found) without being rebuilt each time it runs.
$(BUILD)/%.o: src/%.c src/*.h | $(BUILD) deps-build
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The HTML report's script and style are files of their own (src/html/),
# turned into a C source at build time by src/html/embed.sh (od and awk).
HTML_ASSETS = src/html/report.css src/html/report.js
$(BUILD)/html_assets.c: src/html/embed.sh $(HTML_ASSETS) | $(BUILD)
	sh src/html/embed.sh html_css src/html/report.css html_js src/html/report.js >$@.tmp && mv $@.tmp $@
$(BUILD)/html_assets.o: $(BUILD)/html_assets.c | deps-build
	$(CC) $(ALL_CFLAGS) -Isrc -c -o $@ $(BUILD)/html_assets.c

# --version names the commit when built from a git checkout (.git is a
# folder in a clone, a file in a worktree); a tarball has none and says
# only the version.  $(BUILD)/commit changes only when the commit does,
# so main.o is rebuilt then, and make install stamps the current one.
COMMIT := $(shell test -e .git && git describe --always --dirty 2>/dev/null)
$(BUILD)/commit: FORCE | $(BUILD)
	@echo '$(COMMIT)' | cmp -s - $@ || echo '$(COMMIT)' >$@
$(BUILD)/main.o: $(BUILD)/commit
$(BUILD)/main.o: ALL_CFLAGS += -DANNOGRIND_COMMIT='"$(COMMIT)"'

$(BUILD):
	mkdir -p $@

.PHONY: all deps deps-build deps-unit check demo clean install uninstall bench unit fuzz

# The Debian packages of tests/deps.sh's table.  deps-build and deps-unit
# only check (and stop, naming what is missing and the command); deps
# installs everything the build and the tests need with apt-get as root,
# and otherwise prints the command and fails.
deps-build:
	@CC='$(CC)' sh tests/deps.sh build

deps-unit:
	@CC='$(CC)' sh tests/deps.sh build check pkg-config

deps:
	@CC='$(CC)' sh tests/deps.sh all

# Installs the build packages first (as root; else stops with the
# command).  From the profile's folder, so its source (./qsort_hanoi.c)
# is annotated too.
demo:
	@CC='$(CC)' sh tests/deps.sh demo
	@$(MAKE) --no-print-directory $(BIN)
	cd testdata/demo && ../../$(BIN) callgrind.out.demo

# The completions go where bash-completion and zsh look under PREFIX
# (/usr/local/share/... is searched by both on Debian).
install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/annogrind
	install -m 644 man/annogrind.1 $(DESTDIR)$(MANDIR)/man1/annogrind.1
	install -m 644 completion/annogrind.bash $(DESTDIR)$(BASHCOMPDIR)/annogrind
	install -m 644 completion/_annogrind $(DESTDIR)$(ZSHCOMPDIR)/_annogrind

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/annogrind $(DESTDIR)$(MANDIR)/man1/annogrind.1 \
		$(DESTDIR)$(BASHCOMPDIR)/annogrind $(DESTDIR)$(ZSHCOMPDIR)/_annogrind

clean:
	rm -f annogrind src/*.o
	rm -rf build build-*

# Check unit tests: tests/unit/*.c linked with every module but main.c.
UNIT_SRC = $(sort $(wildcard tests/unit/*.c))
UNIT_OBJ = $(patsubst tests/unit/%.c,$(BUILD)/unit/%.o,$(UNIT_SRC))
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null)

$(BUILD)/unit/%.o: tests/unit/%.c tests/unit/*.h src/*.h | deps-unit
	@mkdir -p $(BUILD)/unit
	$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes $(CHECK_CFLAGS) -Isrc -c -o $@ $<

$(BUILD)/run_unit: $(UNIT_OBJ) $(LIB_OBJ)
	$(CC) $(ALL_LDFLAGS) -o $@ $(UNIT_OBJ) $(LIB_OBJ) $(CHECK_LIBS) $(LIBS)

unit: deps-unit $(BUILD)/run_unit
	$(BUILD)/run_unit

# Every suite of tests/suites/ runs; tests/run.sh sums their counts.  As
# root the missing packages are installed first; otherwise the suites
# that need them are skipped, and the run says so at its start and end.
check:
	@CC='$(CC)' sh tests/deps.sh check
	@$(MAKE) --no-print-directory $(BIN)
	sh tests/run.sh

# The benchmark (BENCHMARKS.md): SIZES="20M 200M 1G" by default; SIZES=4G is
# the >2^32-byte profile.  Runs niced: the machine may be shared.
bench: $(BIN)
	nice -n 10 sh bench/run.sh $(BIN)

# libFuzzer target (clang): load_buffer() and every renderer on random bytes.
# fuzz/run.sh seeds and runs it; see fuzz/README.
FUZZ_CC ?= clang
FUZZ_FLAGS = -std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-DLOAD_READ_BLOCK=256
fuzz: fuzz/annogrind-fuzz

fuzz/annogrind-fuzz: fuzz/fuzz_load.c $(LIB_SRC) src/*.h $(BUILD)/html_assets.c
	$(FUZZ_CC) $(FUZZ_FLAGS) $(WARN) -Isrc -o $@ fuzz/fuzz_load.c $(LIB_SRC) $(BUILD)/html_assets.c $(LIBS)
