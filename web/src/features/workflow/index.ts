/**
 * The workflow feature's public entry: the actions of an item (the menu, the calls, the answers they
 * ask for), which the item form, the list's bulk actions and the kanban use. The rest is its own.
 */
export { ActionsMenu } from './ActionsMenu';
export {
  getActions,
  getActionsFromStatus,
  triggerAction,
  type ActionView,
  type StatusRef,
  type TriggerResult,
} from './api';
export { useActionAnswers } from './useActionAnswers';
