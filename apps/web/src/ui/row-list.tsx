import type { HTMLAttributes, LiHTMLAttributes } from 'react';
import styles from './row-list.module.css';

/** A bordered card of rows (members, invitations, exceptions): one list, rows split by a rule. */
export function RowList({ className, ...rest }: HTMLAttributes<HTMLUListElement>) {
  return <ul className={`${styles.list} ${className ?? ''}`} {...rest} />;
}

/** One row of a RowList: its children lie in a line that wraps on narrow screens. */
export function RowListItem({
  dense,
  className,
  ...rest
}: LiHTMLAttributes<HTMLLIElement> & { dense?: boolean }) {
  return <li className={`${styles.row} ${dense ? styles.dense : ''} ${className ?? ''}`} {...rest} />;
}
