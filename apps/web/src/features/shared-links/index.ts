export { SharedLinksPage } from './shared-links-page';
