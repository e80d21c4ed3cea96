export { AutomationsButton } from './automations-button';
export { useBoardAutomations } from './use-automations';
