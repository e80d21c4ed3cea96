/**
 * The activity log (docs/activity.md): the board's screen, and an item's section for its panel.
 */
export { BoardActivityPage } from './board-activity-page';
export { ItemActivity, type ItemActivityProps } from './item-activity';
