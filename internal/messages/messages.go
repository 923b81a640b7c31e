// Package messages owns the in-app messages of spec sections 3 and 7: each
// user reads, marks and deletes only their own. Other modules send messages
// with Service.Send. A change reaches the user's open pages at once as a
// server-sent event, through PostgreSQL NOTIFY so every server instance
// delivers it (Hub), and a new message reaches the user's browsers as a web
// push from a background job (Push).
package messages

import (
	"context"
	"time"
)

// Caller is the signed-in user as this package needs it. The server adapts
// the auth module's principal to it.
type Caller struct {
	UserID int64
}

// CurrentUser returns the caller of a request, false when nobody (or a
// session that still owes the second factor or the terms) is signed in.
type CurrentUser func(ctx context.Context) (Caller, bool)

// Message is one message, with the spec's field names. CreationDate is UTC.
type Message struct {
	ID           int64     `json:"id"`
	Title        string    `json:"title"`
	MessageText  string    `json:"messageText"`
	CreationDate time.Time `json:"creationDate"`
	Readed       bool      `json:"readed"`
}

// Event tells a user's pages that their messages changed. The page reloads
// its list on any event; Change and ID say what happened for those who care.
type Event struct {
	// Change is one of the Change constants.
	Change string `json:"change"`
	// ID is the message concerned, for a change of one message.
	ID int64 `json:"id,omitempty"`
}

// What changed in an Event.
const (
	ChangeNew        = "new"
	ChangeRead       = "read"
	ChangeDeleted    = "deleted"
	ChangeAllRead    = "allRead"
	ChangeAllDeleted = "allDeleted"
	// ChangeReset follows a lost connection to the database: events may have
	// been missed, so pages should reload.
	ChangeReset = "reset"
)

// notifyChannel is the PostgreSQL channel of message events. Its payload is
// notification as JSON.
const notifyChannel = "tramita_messages"

type notification struct {
	UserID int64 `json:"userId"`
	Event
}
