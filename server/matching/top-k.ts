/**
 * The best K rows by (score descending, uuid ascending), kept in a binary heap whose root is the
 * worst kept row: a row that does not beat the root costs one comparison.
 */
export class TopK {
  private readonly scores: Int32Array;
  private readonly rows: Int32Array;
  size = 0;

  /** `uuids`: four big-endian 32-bit words per row, so comparing words compares uuid strings. */
  constructor(
    readonly limit: number,
    private readonly uuids: Uint32Array,
  ) {
    this.scores = new Int32Array(Math.max(1, limit));
    this.rows = new Int32Array(Math.max(1, limit));
  }

  /** Offers a row with its score in tenths of a point. */
  offer(score: number, row: number): void {
    if (this.limit <= 0) return;
    if (this.size < this.limit) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(score, row, this.scores[parent]!, this.rows[parent]!)) break;
        this.scores[i] = this.scores[parent]!;
        this.rows[i] = this.rows[parent]!;
        i = parent;
      }
      this.scores[i] = score;
      this.rows[i] = row;
      return;
    }
    if (!this.worse(this.scores[0]!, this.rows[0]!, score, row)) return;
    this.siftDown(score, row);
  }

  /**
   * The least score (tenths) a row needs to be kept: -Infinity while there is room, +Infinity with
   * a limit of 0. A row with exactly this score is kept only if its uuid sorts before the worst one's.
   */
  floor(): number {
    if (this.limit <= 0) return Number.POSITIVE_INFINITY;
    return this.size < this.limit ? Number.NEGATIVE_INFINITY : this.scores[0]!;
  }

  /** The kept rows, best first. */
  sorted(): { score: number; row: number }[] {
    const out: { score: number; row: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ score: this.scores[i]!, row: this.rows[i]! });
    return out.sort((a, b) => (this.worse(a.score, a.row, b.score, b.row) ? 1 : -1));
  }

  /** Whether (scoreA, rowA) ranks below (scoreB, rowB). */
  private worse(scoreA: number, rowA: number, scoreB: number, rowB: number): boolean {
    if (scoreA !== scoreB) return scoreA < scoreB;
    const a = rowA * 4;
    const b = rowB * 4;
    for (let i = 0; i < 4; i++) {
      const x = this.uuids[a + i]!;
      const y = this.uuids[b + i]!;
      if (x !== y) return x > y;
    }
    return false;
  }

  private siftDown(score: number, row: number): void {
    let i = 0;
    const n = this.size;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      if (
        right < n &&
        this.worse(this.scores[right]!, this.rows[right]!, this.scores[left]!, this.rows[left]!)
      ) {
        child = right;
      }
      if (!this.worse(this.scores[child]!, this.rows[child]!, score, row)) break;
      this.scores[i] = this.scores[child]!;
      this.rows[i] = this.rows[child]!;
      i = child;
    }
    this.scores[i] = score;
    this.rows[i] = row;
  }
}
