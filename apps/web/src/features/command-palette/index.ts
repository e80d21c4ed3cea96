export { CommandPalette } from './command-palette';
