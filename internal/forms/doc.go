// Package forms is what the item form screen runs beside the item core: form
// rules, the address lookup and item relations (docs/forms.md). The core knows
// nothing of it; the onSave rule reaches a save through the core's SaveHook.
package forms
