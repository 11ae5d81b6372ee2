import { AsyncQueue } from '@hexagent/core';

/** Hooks of a {@link BackpressureQueue}. */
export interface BackpressureQueueOptions {
  /** Buffered items at which `onPause` is called (the producer should stop). */
  highWaterMark: number;
  /** Called once the buffer reaches `highWaterMark`. */
  onPause: () => void;
  /** Called once the consumer has drained the buffer to half of `highWaterMark` after a pause. */
  onResume: () => void;
  /** Called once if the consumer stops early (`break` out of `for await`). */
  onReturn?: () => void;
}

/**
 * Core's single-consumer `AsyncQueue`, plus flow control: it asks the producer to pause while the
 * consumer lags, so a fast CLI cannot fill memory with messages nobody reads yet. The cost on the
 * hot path is one comparison per item.
 */
export class BackpressureQueue<T> extends AsyncQueue<T> {
  private paused = false;
  private readonly highWaterMark: number;
  private readonly lowWaterMark: number;
  private readonly onPause: () => void;
  private readonly onResume: () => void;

  constructor(options: BackpressureQueueOptions) {
    super(options.onReturn);
    this.highWaterMark = Math.max(1, options.highWaterMark);
    this.lowWaterMark = Math.floor(this.highWaterMark / 2);
    this.onPause = options.onPause;
    this.onResume = options.onResume;
  }

  /** True while the producer has been asked to pause. */
  get isPaused(): boolean {
    return this.paused;
  }

  override push(item: T): void {
    super.push(item);
    if (!this.paused && this.size >= this.highWaterMark && !this.isEnded) {
      this.paused = true;
      this.onPause();
    }
  }

  override takeBuffered(): T[] {
    const items = super.takeBuffered();
    if (this.paused) {
      this.paused = false;
      this.onResume();
    }
    return items;
  }

  override next(): Promise<IteratorResult<T>> {
    const result = super.next();
    if (this.paused && this.size <= this.lowWaterMark) {
      this.paused = false;
      this.onResume();
    }
    return result;
  }
}
