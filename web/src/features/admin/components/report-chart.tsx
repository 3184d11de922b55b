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
import { useEffect, useRef } from 'react';

// Only what these charts draw, so the admin's chunk carries no more of the library than that.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export interface ChartSeries {
  label: string;
  data: number[];
  colour: string;
  /** Drawn as bars unless a line; a line may take a scale of its own on the right. */
  kind?: 'bar' | 'line';
  ownScale?: boolean;
}

/**
 * A chart of the figures of the table it stands above (the table is what screen readers and
 * the CSV read); `across` lays the bars along the page, for long names.
 */
export function ReportChart({
  title,
  labels,
  series,
  across = false,
}: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  across?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Drawn again only when the figures change, not on every render of the page.
  const figures = JSON.stringify({ labels, series, across });

  useEffect(() => {
    const { labels, series, across } = JSON.parse(figures) as {
      labels: string[];
      series: ChartSeries[];
      across: boolean;
    };
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((one) => ({
          type: one.kind ?? 'bar',
          label: one.label,
          data: one.data,
          backgroundColor: one.colour,
          borderColor: one.colour,
          yAxisID: one.ownScale ? 'right' : 'y',
        })),
      } as never,
      options: {
        indexAxis: across ? 'y' : 'x',
        maintainAspectRatio: false,
        animation: false,
        scales: {
          y: { beginAtZero: true },
          ...(series.some((one) => one.ownScale) && {
            right: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false } },
          }),
        },
        plugins: { legend: { display: series.length > 1 } },
      },
    });
    return () => chart.destroy();
  }, [figures]);

  return (
    <div className={`report-chart${across ? ' report-chart--across' : ''}`}>
      <canvas ref={canvas} role="img" aria-label={title} />
    </div>
  );
}
