package mail_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/mail"
	"github.com/tramita/tramita/internal/mail/mailtest"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func TestDeliverInEveryTLSMode(t *testing.T) {
	now := time.Date(2025, 5, 6, 7, 8, 9, 0, time.UTC)
	for _, mode := range []mail.TLSMode{mail.TLSNone, mail.TLSStartTLS, mail.TLSImplicit} {
		t.Run(string(mode), func(t *testing.T) {
			srv := mailtest.Start(t, mode)
			msg := mail.Message{To: "Ana Souza <ana@example.com>", Subject: "Sua senha temporária",
				Text: "Olá, Ana.\nSenha: çãé-123\n" + strings.Repeat("linha longa ", 20)}
			if err := mail.Deliver(context.Background(), srv.Settings(), srv.ClientTLS(), msg, now); err != nil {
				t.Fatal(err)
			}
			got := srv.Messages()
			if len(got) != 1 {
				t.Fatalf("%d messages", len(got))
			}
			m := got[0]
			if m.From != "no-reply@tramita.test" || len(m.To) != 1 || m.To[0] != "ana@example.com" {
				t.Errorf("envelope %q %q", m.From, m.To)
			}
			if m.Subject != msg.Subject {
				t.Errorf("subject %q", m.Subject)
			}
			if strings.TrimRight(m.Text, "\n") != strings.TrimRight(msg.Text, "\n") {
				t.Errorf("text %q", m.Text)
			}
		})
	}
}

func TestDeliverRefusesWhatItShouldNot(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	plain := mailtest.Start(t, mail.TLSNone)
	msg := mail.Message{To: "ana@example.com", Subject: "x", Text: "y"}

	if err := mail.Deliver(ctx, mail.Settings{}, nil, msg, now); !errors.Is(err, mail.ErrNotConfigured) {
		t.Errorf("unconfigured: %v", err)
	}
	st := plain.Settings()
	st.TLS = mail.TLSStartTLS
	if err := mail.Deliver(ctx, st, nil, msg, now); err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Errorf("a server without STARTTLS must not be used in starttls mode: %v", err)
	}
	st = plain.Settings()
	st.Password = "wrong"
	if err := mail.Deliver(ctx, st, nil, msg, now); err == nil {
		t.Error("a wrong password must fail")
	}
	tlsSrv := mailtest.Start(t, mail.TLSImplicit)
	if err := mail.Deliver(ctx, tlsSrv.Settings(), nil, msg, now); err == nil {
		t.Error("an untrusted certificate must fail")
	}
	bad := mail.Message{To: "ana@example.com\r\nBcc: eve@example.com", Subject: "x", Text: "y"}
	if err := mail.Deliver(ctx, plain.Settings(), nil, bad, now); err == nil {
		t.Error("a header injection through the address must fail")
	}
	bad = mail.Message{To: "ana@example.com", Subject: "x\r\nBcc: eve@example.com", Text: "y"}
	if err := mail.Deliver(ctx, plain.Settings(), nil, bad, now); err == nil {
		t.Error("a header injection through the subject must fail")
	}
	if n := len(plain.Messages()); n != 0 {
		t.Errorf("%d messages went out", n)
	}
}

func TestSenderReadsTheSavedSettings(t *testing.T) {
	ctx := context.Background()
	store := mail.NewStore(testkit.NewDB(t))
	sender := mail.NewSender(store)
	if ok, err := sender.Configured(ctx); err != nil || ok {
		t.Fatalf("configured %v %v", ok, err)
	}
	if err := sender.Send(ctx, mail.Message{To: "a@example.com"}); !errors.Is(err, mail.ErrNotConfigured) {
		t.Errorf("send without settings: %v", err)
	}
	srv := mailtest.Start(t, mail.TLSStartTLS)
	if err := store.Save(ctx, srv.Settings()); err != nil {
		t.Fatal(err)
	}
	got, err := store.Settings(ctx)
	if err != nil || got != srv.Settings() {
		t.Fatalf("settings %+v %v", got, err)
	}
	sender.TLSConfig = srv.ClientTLS()
	if err := sender.Send(ctx, mail.Message{To: "a@example.com", Subject: "s", Text: "t"}); err != nil {
		t.Fatal(err)
	}
	if len(srv.Messages()) != 1 {
		t.Error("no message")
	}
}
