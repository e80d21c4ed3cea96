import { memo } from 'react';
import type { CellRenderProps } from '../view-types';
import { cellTypeOf } from './cell-registry';

/**
 * One attribute's value of one item, drawn by its type's renderer. Read-only unless `onChange`
 * (checkbox ticks, rating stars) or `onButton` are given; the table, the columns view's cards and
 * the list view all draw values with it.
 */
export const CellValue = memo(function CellValue(props: CellRenderProps) {
  const { Render } = cellTypeOf(props.attribute.type);
  return <Render {...props} />;
});
