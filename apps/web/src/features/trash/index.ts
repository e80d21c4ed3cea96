export { TrashPage } from './trash-page';
