import type { ChartData } from '@strata/domain/charts/chart-aggregate';
import { OTHER_KEY } from '@strata/domain/charts/chart-aggregate';
import type { ChartType } from '@strata/domain/charts/chart-settings';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import styles from './chart.module.css';
import type { ChartTexts } from './chart-labels';

/** The series' colours: our tokens (light and dark follow the theme); "Other" its own grey. */
const colourOf = (index: number, key?: string | null) =>
  key === OTHER_KEY ? 'var(--chart-other)' : `var(--chart-${(index % 7) + 1})`;

const AXIS = { stroke: 'var(--color-border)', tick: { fill: 'var(--color-text-muted)', fontSize: 12 } };

/**
 * One chart drawn with Recharts from the domain's aggregation: bars (side by side or stacked),
 * lines, areas, a pie or donut over the buckets, or a single number. Right to left, the x axis
 * runs from the right and the y axis stands on the right.
 */
export function ChartCanvas(props: {
  type: ChartType;
  chart: ChartData;
  texts: ChartTexts;
  rtl: boolean;
  height: number;
  numberFormat: Intl.NumberFormat;
  /** Every value is a count of items: the y axis has whole numbers only. */
  whole: boolean;
}) {
  const { chart, texts, type, rtl, numberFormat } = props;
  const rows = chart.buckets.map((bucket, at) => {
    const row: Record<string, string | number | null> = { name: texts.bucket(bucket.key, bucket.label) };
    chart.series.forEach((series, index) => {
      row[series.key] = chart.values[index]![at] ?? null;
    });
    return row;
  });
  const format = (value: unknown) =>
    typeof value === 'number' ? numberFormat.format(value) : String(value ?? '');

  if (type === 'kpi') {
    const value = chart.values[0]?.[0] ?? null;
    return (
      <div className={styles.kpi} style={{ blockSize: props.height }}>
        <span className={styles.kpiValue}>{value === null ? '–' : numberFormat.format(value)}</span>
        <span className={styles.kpiLabel}>{texts.series(0)}</span>
      </div>
    );
  }
  if (type === 'pie' || type === 'donut') {
    const series = chart.series[0]!;
    return (
      <ResponsiveContainer width="100%" height={props.height}>
        <PieChart>
          <Pie
            data={rows}
            dataKey={series.key}
            nameKey="name"
            innerRadius={type === 'donut' ? '55%' : 0}
            outerRadius="80%"
            isAnimationActive={false}
          >
            {chart.buckets.map((bucket, at) => (
              <Cell key={String(bucket.key)} fill={colourOf(at, bucket.key)} stroke="var(--color-surface)" />
            ))}
          </Pie>
          <Tooltip formatter={format} contentStyle={TOOLTIP} />
          <Legend wrapperStyle={LEGEND} />
        </PieChart>
      </ResponsiveContainer>
    );
  }
  const axes = (
    <>
      <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="name" reversed={rtl} {...AXIS} />
      <YAxis
        orientation={rtl ? 'right' : 'left'}
        tickFormatter={format}
        allowDecimals={!props.whole}
        width={56}
        {...AXIS}
      />
      <Tooltip formatter={format} contentStyle={TOOLTIP} cursor={{ fill: 'var(--color-surface-muted)' }} />
      {chart.series.length > 1 && <Legend wrapperStyle={LEGEND} />}
    </>
  );
  const seriesName = (index: number) => texts.series(index);
  if (type === 'line')
    return (
      <ResponsiveContainer width="100%" height={props.height}>
        <LineChart data={rows}>
          {axes}
          {chart.series.map((series, index) => (
            <Line
              key={series.key}
              dataKey={series.key}
              name={seriesName(index)}
              stroke={colourOf(index, series.split)}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    );
  if (type === 'area')
    return (
      <ResponsiveContainer width="100%" height={props.height}>
        <AreaChart data={rows}>
          {axes}
          {chart.series.map((series, index) => (
            <Area
              key={series.key}
              dataKey={series.key}
              name={seriesName(index)}
              stroke={colourOf(index, series.split)}
              fill={colourOf(index, series.split)}
              fillOpacity={0.25}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    );
  return (
    <ResponsiveContainer width="100%" height={props.height}>
      <BarChart data={rows}>
        {axes}
        {chart.series.map((series, index) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={seriesName(index)}
            fill={colourOf(index, series.split)}
            stackId={type === 'stacked_bar' ? 'stack' : undefined}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

const TOOLTIP = {
  background: 'var(--color-surface)',
  border: '1px solid var(--color-border)',
  color: 'var(--color-text)',
};
const LEGEND = { color: 'var(--color-text)', fontSize: 12 };
