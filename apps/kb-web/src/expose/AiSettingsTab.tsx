/** Exposed as `kb/AiSettingsTab`: the employee administration's AI settings tab (slot `employees:ai`, issue 37). */
export { AiSettingsTab as default } from '@intranet/kb-web/ai';
