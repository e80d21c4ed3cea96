export { SidebarBoards } from './sidebar-boards';
