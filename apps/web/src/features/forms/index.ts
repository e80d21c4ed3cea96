export { PublicFormPage } from './public-form-page';
