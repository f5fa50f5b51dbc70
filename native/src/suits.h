/* The per-suit arithmetic of the compiled tile efficiency (suits.c), shared by widen.c. */
#ifndef MAHJONG_SUITS_H
#define MAHJONG_SUITS_H
#include <stdint.h>

#define NK 34
#define MAXG 5
#define BIG 99
#define LIMIT 2   /* only costs up to s + 1 <= 2 decide anything: a vector entry above it is kept as LIMIT + 1 */
#define UNLIMITED 15

typedef struct { uint8_t v[2][MAXG + 1]; } Vec;   /* fewest tiles to add: [pair][groups] */

/* A suit's vector and, per entry, the kinds some cheapest completion adds: one more of such a kind lowers that
 * entry by one, any other leaves it (the vector of the suit plus one tile, for all nine kinds at once). */
typedef struct { uint64_t key; Vec vec; uint16_t adds[2][MAXG + 1]; } Suit;

void block_distance(const int *b, const int *cp, int n, int suited, int most, int limit, int above, Suit *out);
const Suit *suit_of(const int *b, const int *cp, int n, int suited, int g, int exact);
void join(const Vec *x, const Vec *y, int g, Vec *out, int top);
int whole(const Vec *x, const Vec *rest, int g);
uint32_t gain(const Suit *x, const int *b, int n, const Vec *rest, int g, int s);

#endif
