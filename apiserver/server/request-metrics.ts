/**
 * A counter and a histogram with fixed label names, kept as plain series in maps and exported
 * through a prom-client Registry (which only asks a metric for `get()`). A request finds its
 * series by one string key; prom-client's own metrics validate and hash a label object on
 * every call, a cost paid on each request the apiserver serves.
 */
import type { Registry } from "prom-client";

type Labels = Record<string, string>;

interface MetricValue {
  value: number;
  labels: Labels | Record<string, string | number>;
  metricName?: string;
}

abstract class FixedLabelMetric<S> {
  protected readonly series = new Map<string, S>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: "counter" | "histogram",
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  readonly aggregator = "sum";

  /**
   * The series under `key` (one string per label combination), made with `labels` the first time
   * (kept, not copied: the caller makes one object per series and leaves it alone).
   */
  protected seriesFor(key: string, labels: Labels): S {
    let s = this.series.get(key);
    if (!s) {
      s = this.newSeries(labels);
      this.series.set(key, s);
    }
    return s;
  }

  protected abstract newSeries(labels: Labels): S;
  protected abstract values(): MetricValue[];

  get(): { name: string; help: string; type: string; aggregator: string; values: MetricValue[] } {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.values() };
  }

  reset(): void {
    this.series.clear();
  }
}

export class FixedLabelCounter extends FixedLabelMetric<{ labels: Labels; value: number }> {
  constructor(name: string, help: string, registry: Registry) {
    super(name, help, "counter", registry);
  }

  inc(key: string, labels: Labels): void {
    this.seriesFor(key, labels).value++;
  }

  protected newSeries(labels: Labels): { labels: Labels; value: number } {
    return { labels, value: 0 };
  }

  protected values(): MetricValue[] {
    return [...this.series.values()].map((s) => ({ labels: s.labels, value: s.value }));
  }
}

interface HistogramSeries {
  labels: Labels;
  /** Per bucket (not cumulative); the last is +Inf. */
  counts: number[];
  sum: number;
  count: number;
}

export class FixedLabelHistogram extends FixedLabelMetric<HistogramSeries> {
  constructor(
    name: string,
    help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    super(name, help, "histogram", registry);
  }

  observe(key: string, labels: Labels, value: number): void {
    const s = this.seriesFor(key, labels);
    let i = 0;
    while (i < this.buckets.length && value > this.buckets[i]!) i++;
    s.counts[i]!++;
    s.sum += value;
    s.count++;
  }

  protected newSeries(labels: Labels): HistogramSeries {
    return { labels, counts: new Array<number>(this.buckets.length + 1).fill(0), sum: 0, count: 0 };
  }

  /** As prom-client writes a histogram: cumulative `_bucket`s with `le`, then `_sum` and `_count`. */
  protected values(): MetricValue[] {
    const out: MetricValue[] = [];
    for (const s of this.series.values()) {
      let acc = 0;
      for (let i = 0; i <= this.buckets.length; i++) {
        acc += s.counts[i]!;
        out.push({
          metricName: `${this.name}_bucket`,
          labels: { le: i < this.buckets.length ? this.buckets[i]! : "+Inf", ...s.labels },
          value: acc,
        });
      }
      out.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      out.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return out;
  }
}
