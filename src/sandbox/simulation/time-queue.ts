/**
 * Things due at a simulated time, earliest first: a binary min-heap. The
 * message transitions and the planned clicks each keep one, and the world's
 * tick pops what is due.
 */
export class TimeQueue<T extends { at: number }> {
  private readonly heap: T[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(item: T): void {
    const h = this.heap;
    h.push(item);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent]!.at <= item.at) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = item;
  }

  /** Everything due at `now`, earliest first. */
  popDue(now: number): T[] {
    const due: T[] = [];
    while (this.heap.length > 0 && this.heap[0]!.at <= now) due.push(this.pop());
    return due;
  }

  private pop(): T {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      if (l >= h.length) break;
      const child = r < h.length && h[r]!.at < h[l]!.at ? r : l;
      if (h[child]!.at >= last.at) break;
      h[i] = h[child]!;
      i = child;
    }
    h[i] = last;
    return top;
  }
}
