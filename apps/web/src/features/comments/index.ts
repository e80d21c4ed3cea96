export { ItemComments } from './item-comments';
