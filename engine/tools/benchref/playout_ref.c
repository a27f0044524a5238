/* Benchmark-only C reference of engine/kernels/playout.py: the same algorithm
 * (xorshift64* generator, partial Fisher-Yates drawing only the mover's share of the empty
 * cells, row-bitmask flood from the top edge with alternating sweeps). Not a runtime
 * dependency: hexswarm-bench compiles it with gcc -O3 to measure the numba kernel against it. */
#include <stdint.h>

static inline uint64_t next_u64(uint64_t *s) {
    uint64_t x = *s;
    x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static inline int64_t below(uint64_t *s, int64_t bound) {
    return (int64_t)(((next_u64(s) >> 32) * (uint64_t)bound) >> 32);
}

static inline uint64_t spread(uint64_t seeds, uint64_t mask) {
    for (;;) {
        uint64_t grown = seeds | (((seeds << 1) | (seeds >> 1)) & mask);
        if (grown == seeds) return seeds;
        seeds = grown;
    }
}

static int black_connects(const uint64_t *rows, int size, uint64_t *reach) {
    reach[0] = rows[0];
    if (!reach[0]) return 0;
    for (int r = 1; r < size; r++) reach[r] = 0;
    for (;;) {
        int changed = 0;
        for (int r = 1; r < size; r++) {
            uint64_t seeds = ((reach[r - 1] | (reach[r - 1] >> 1)) & rows[r]) | reach[r];
            if (seeds != reach[r]) {
                uint64_t grown = spread(seeds, rows[r]);
                if (grown != reach[r]) { reach[r] = grown; changed = 1; }
            }
            if (!reach[r]) break;
        }
        if (reach[size - 1]) return 1;
        if (!changed) return 0;
        changed = 0;
        for (int r = size - 2; r >= 0; r--) {
            uint64_t seeds = ((reach[r + 1] | (reach[r + 1] << 1)) & rows[r]) | reach[r];
            if (seeds != reach[r]) {
                uint64_t grown = spread(seeds, rows[r]);
                if (grown != reach[r]) { reach[r] = grown; changed = 1; }
            }
        }
        if (!changed) return 0;
    }
}

/* count playouts from (black_rows, empties); returns Black's wins. */
int64_t playout_batch(const uint64_t *black_rows, const int32_t *empties, int empty_count,
                      int black_to_move, int size, int64_t count, uint64_t *state) {
    uint64_t rows[64], reach[64], cell_bit[64 * 64];
    int32_t order[64 * 64], cell_row[64 * 64];
    for (int c = 0; c < size * size; c++) { cell_row[c] = c / size; cell_bit[c] = 1ULL << (c % size); }
    for (int i = 0; i < empty_count; i++) order[i] = empties[i];
    int share = (empty_count + 1) / 2;
    int start = black_to_move ? 0 : share, stop = black_to_move ? share : empty_count;
    int64_t wins = 0;
    for (int64_t n = 0; n < count; n++) {
        for (int r = 0; r < size; r++) rows[r] = black_rows[r];
        for (int i = 0; i < share; i++) {
            int j = i + (int)below(state, empty_count - i);
            int32_t cell = order[j]; order[j] = order[i]; order[i] = cell;
        }
        for (int i = start; i < stop; i++) rows[cell_row[order[i]]] |= cell_bit[order[i]];
        wins += black_connects(rows, size, reach);
    }
    return wins;
}
