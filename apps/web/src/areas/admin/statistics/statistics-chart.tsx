import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// Only the parts the trends draw (chart.js tree-shakes what is not registered); this module loads with the
// statistics page alone (a lazy import), so no other page carries the library.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

/** One line or set of bars: null where there is no figure to draw (none, or suppressed as "<5"). */
export type Series = { label: string; data: (number | null)[] };

/**
 * Colours with at least 3:1 contrast against white (WCAG 1.4.11), told apart by the line's dash too, so the series
 * do not depend on colour alone.
 */
const PALETTE = ['#0b4f8a', '#b3261e', '#1e6b3a', '#6a3d9a'];
const DASHES = [[], [6, 4], [2, 3], [10, 4, 2, 4]];

/**
 * A trend chart (a canvas, shown as one image to screen readers with its title): the same figures are in the table
 * beside it, which is what assistive technology reads.
 */
export default function TrendChart({
  title,
  kind,
  labels,
  series,
}: {
  title: string;
  kind: 'bar' | 'line';
  labels: string[];
  series: Series[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.data,
          backgroundColor: PALETTE[i % PALETTE.length],
          borderColor: PALETTE[i % PALETTE.length],
          borderDash: DASHES[i % DASHES.length],
          spanGaps: false,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        // Figures, not a show: nothing moves (and a reader who asked for reduced motion gets none).
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [kind, labels, series]);
  return (
    <div className="statistics-chart">
      <canvas ref={canvas} role="img" aria-label={title} />
    </div>
  );
}
