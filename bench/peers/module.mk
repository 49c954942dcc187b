# bench/peers/: make bench-peers, ours against the peers (isolated-vm,
# quickjs-emscripten, pi-codemode, node:vm) through the C and the JavaScript
# clients; not part of make check or make bench. README.md here.
#   build/bench/peer_bench   the C driver (libcodemode)

$(BUILD)/obj/bench/%.o: INC = $(INC_GEN) -Ilibclient/include

$(BUILD)/bench/peer_bench: $(BUILD)/obj/bench/peers/peer_bench.o $(BUILD)/libcodemode.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LIBS_ALL)

# Built with everything, so tests/bench_peers.test.sh (make check) keeps the
# C driver and the harness's protocol honest without npm or the peers.
PROGRAMS += $(BUILD)/bench/peer_bench

.PHONY: bench-peers
bench-peers:
	@packaging/deps.sh bench
	@$(MAKE) --no-print-directory $(BUILD)/codemode-executord $(BUILD)/codemode-sandbox $(BUILD)/bench/peer_bench js-stage
	@BUILD=$(BUILD) bench/peers/run.sh
