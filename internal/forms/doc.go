// Package forms is what the item form screen runs beside the item core
// (internal/items): the form's business rules (buttons, field changes,
// windows and the onSave rule wrapped around the core's saves), the
// address lookup of address controls, and the item relations a form
// shows. The form definitions and the save path stay in the core, which
// knows nothing of this package: the onSave rule reaches a save through
// the core's SaveHook. See docs/forms.md.
package forms
