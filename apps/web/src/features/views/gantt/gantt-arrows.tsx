import type { GanttLink } from '@strata/domain/views/gantt-model';
import { useId } from 'react';
import styles from './gantt.module.css';

/** Where a row's bar sits, in the timeline's logical pixels (from its start edge). */
export interface BarBox {
  row: number;
  x: number;
  width: number;
}

const TURN = 8;

/**
 * The path of one dependency between two bars: out of the predecessor's end (FS, FF) or start
 * (SS, SF), into the dependent's start (FS, SS) or end (FF, SF), with right-angled turns; a
 * dependent that begins before the exit runs back between the two rows.
 */
export function arrowPath(
  link: Pick<GanttLink, 'type'>,
  from: BarBox,
  to: BarBox,
  rowHeight: number,
): string {
  const fromEnd = link.type === 'FS' || link.type === 'FF';
  const toStart = link.type === 'FS' || link.type === 'SS';
  const y1 = from.row * rowHeight + rowHeight / 2;
  const y2 = to.row * rowHeight + rowHeight / 2;
  const x1 = fromEnd ? from.x + from.width : from.x;
  const x2 = toStart ? to.x : to.x + to.width;
  const out = fromEnd ? x1 + TURN : x1 - TURN;
  const into = toStart ? x2 - TURN : x2 + TURN;
  const forward = toStart ? into >= out : into <= out;
  if (forward && fromEnd === toStart) return `M${x1} ${y1}H${(out + into) / 2}V${y2}H${x2}`;
  if (forward) return `M${x1} ${y1}H${out}V${y2}H${x2}`;
  const between = y2 > y1 ? y1 + rowHeight / 2 : y1 - rowHeight / 2;
  return `M${x1} ${y1}H${out}V${between}H${into}V${y2}H${x2}`;
}

/**
 * The dependency arrows of the rows drawn now, one SVG over the timeline. Its coordinates run
 * from the timeline's start edge; under right to left the layer is mirrored, as the bars are.
 */
export function GanttArrows(props: {
  links: readonly GanttLink[];
  boxes: ReadonlyMap<string, BarBox>;
  width: number;
  height: number;
  rowHeight: number;
  rtl: boolean;
  critical: ReadonlySet<string>;
}) {
  const marker = useId().replace(/:/g, '');
  return (
    <svg
      className={styles.arrows}
      width={props.width}
      height={props.height}
      style={props.rtl ? { transform: 'scaleX(-1)' } : undefined}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <marker
          id={marker}
          viewBox="0 0 8 8"
          refX="7"
          refY="4"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0 0L8 4L0 8z" className={styles.arrowHead} />
        </marker>
      </defs>
      {props.links.map((link) => {
        const from = props.boxes.get(link.fromId);
        const to = props.boxes.get(link.toId);
        if (!from || !to) return null;
        const hot = props.critical.has(link.fromId) && props.critical.has(link.toId);
        return (
          <path
            key={`${link.fromId}>${link.toId}`}
            d={arrowPath(link, from, to, props.rowHeight)}
            className={hot ? `${styles.arrow} ${styles.arrowCritical}` : styles.arrow}
            markerEnd={`url(#${marker})`}
          />
        );
      })}
    </svg>
  );
}
