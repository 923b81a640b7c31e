package documents_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"golang.org/x/text/encoding/charmap"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/documents"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/mail"
	"github.com/tramita/tramita/internal/storage"
)

// onePagePDF is a small valid PDF with one line of text.
func onePagePDF(text string) []byte {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"}
	content := "BT /F1 18 Tf 72 760 Td (" + text + ") Tj ET"
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	var offs []int
	for i, o := range objs {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	offs = append(offs, b.Len())
	fmt.Fprintf(&b, "4 0 obj\n<< /Length %d >>\nstream\n%s\nendstream\nendobj\n", len(content), content)
	offs = append(offs, b.Len())
	b.WriteString("5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n")
	x := b.Len()
	b.WriteString("xref\n0 6\n0000000000 65535 f \n")
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", x)
	return b.Bytes()
}

// pdfText validates pdf with pdfcpu (an error fails the test) and answers
// the text of its decoded streams, WinAnsi read as UTF-8 and literal-string
// escapes removed: what a reader shows, near enough to find a sentence.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", pdf[:min(20, len(pdf))])
	}
	api.DisableConfigDir()
	ctx, err := api.ReadValidateAndOptimize(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatalf("not a valid PDF: %v", err)
	}
	var sb strings.Builder
	for _, e := range ctx.XRefTable.Table {
		if e == nil || e.Object == nil {
			continue
		}
		sd, ok := e.Object.(types.StreamDict)
		if !ok || sd.Decode() != nil {
			continue
		}
		utf, _ := charmap.Windows1252.NewDecoder().Bytes(sd.Content)
		sb.Write(utf)
		sb.WriteByte('\n')
	}
	return strings.NewReplacer(`\(`, "(", `\)`, ")").Replace(sb.String())
}

// signWorld is the file calls with the real password check of internal/auth.
type signWorld struct {
	*world
	auth *auth.Service
	root string
}

func newSignWorld(t *testing.T) *signWorld {
	t.Helper()
	w := newWorld(t)
	ctx := context.Background()
	a, err := auth.New(ctx, w.db, auth.Options{Mailer: mail.NewSender(mail.NewStore(w.db)), RateLimitPerMinute: 1000})
	if err != nil {
		t.Fatal(err)
	}
	for _, login := range []string{"ana", "bia"} {
		hash, err := auth.HashPassword("senha-de-" + login)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.db.Exec(ctx, `UPDATE app_user SET password_hash = $1 WHERE login = $2`, hash, login); err != nil {
			t.Fatal(err)
		}
	}
	return &signWorld{world: w, auth: a, root: filepath.Join(t.TempDir(), "files")}
}

func (w *signWorld) server(t *testing.T, c items.Caller) *fileServer {
	t.Helper()
	limits := documents.FileLimits{MaxSize: 1 << 20, MaxCount: 10}
	files := documents.NewFiles(w.svc, w.db, storage.NewLocal(w.root), limits)
	h := documents.NewHandler(files, func(context.Context) (items.Caller, bool) { return c, c.UserID != 0 })
	h.SetClientOf(func(r *http.Request) documents.SignClient {
		cl := w.auth.ClientOf(r)
		return documents.SignClient{Address: cl.Address, UserAgent: cl.UserAgent}
	})
	h.SetPasswordConfirm(func(r *http.Request, userID int64, password string) (documents.SignClient, error) {
		cl := w.auth.ClientOf(r)
		return documents.SignClient{Address: cl.Address, UserAgent: cl.UserAgent}, w.auth.ConfirmPassword(r.Context(), userID, password, cl)
	})
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.LimitBody(limits.UploadBodyLimit()))
	h.Routes(r)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return &fileServer{t: t, root: w.root, url: srv.URL}
}

func (s *fileServer) post(path, lang, body string) (int, map[string]any) {
	s.t.Helper()
	req, _ := http.NewRequest("POST", s.url+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return s.do(req, lang)
}

func (s *fileServer) raw(path string) (int, []byte) {
	s.t.Helper()
	res, err := http.Get(s.url + strings.TrimPrefix(path, "/api"))
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// uploadOne attaches one file to item and answers its id.
func (s *fileServer) uploadOne(item, name string, data []byte) string {
	s.t.Helper()
	code, body := s.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"files", name, data})
	if code != 200 {
		s.t.Fatalf("upload %s: %d %v", name, code, body)
	}
	return itoa(int64(body["files"].([]any)[0].(map[string]any)["id"].(float64)))
}

// signaturesOf reads loadFileSignatures' entry for a file.
func (s *fileServer) signaturesOf(item, file string) map[string]any {
	s.t.Helper()
	code, body := s.get("/genericItem/loadFileSignatures?itemId="+item, "pt-BR")
	if code != 200 {
		s.t.Fatalf("loadFileSignatures: %d %v", code, body)
	}
	for _, f := range body["files"].([]any) {
		m := f.(map[string]any)
		if itoa(int64(m["fileId"].(float64))) == file {
			return m
		}
	}
	s.t.Fatalf("file %s not listed: %v", file, body)
	return nil
}

func TestSignFileAttachment(t *testing.T) {
	w := newSignWorld(t)
	ctx := context.Background()
	ana, bia, nobody := w.server(t, w.ana), w.server(t, w.bia), w.server(t, items.Caller{})
	item := itoa(w.itemIn(t, "Transformação Digital"))
	contract := onePagePDF("Contrato")
	file := ana.uploadOne(item, "contrato.pdf", contract)
	photo := ana.uploadOne(item, "foto.png", pngBytes)

	// A wrong password: refused in the caller's language, nothing recorded,
	// and counted as a sign-in failure of the login.
	code, body := ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+file+`, "password": "errada"}`)
	if code != 400 || bodyMessage(body) != "Senha incorreta: nada foi assinado." {
		t.Fatalf("wrong password: %d %v", code, body)
	}
	code, body = ana.post("/genericItem/signFileAttachment", "en", `{"attachment": `+file+`, "password": "errada"}`)
	if code != 400 || bodyMessage(body) != "Wrong password: nothing was signed." {
		t.Fatalf("wrong password (en): %d %v", code, body)
	}
	if n := w.count(t, `SELECT coalesce(max(failures), 0) FROM auth_throttle WHERE scope = 'login' AND key = 'ana'`); n != 2 {
		t.Fatalf("failures counted: %d", n)
	}
	if n := w.count(t, `SELECT count(*) FROM audit_event WHERE kind = 'password.confirmFailure'`); n != 2 {
		t.Fatalf("failures audited: %d", n)
	}
	if n := w.count(t, `SELECT count(*) FROM item_file_signature`); n != 0 {
		t.Fatalf("%d signatures after wrong passwords", n)
	}

	// No protocol template: the signature is recorded and the answer says the
	// protocol was not issued (spec section 8), in pt-BR and en.
	code, body = ana.post("/genericItem/signFileAttachment", "pt-BR",
		`{"attachment": {"id": `+file+`}, "password": "senha-de-ana", "latitude": -23.5613, "longitude": -46.6565}`)
	if code != 200 || body["Message"] != "Não foi possível emitir o Protocolo de Assinatura pois o modelo de protocolo não foi configurado" ||
		body["protocolIssued"] != false {
		t.Fatalf("sign without a template: %d %v", code, body)
	}
	code, body = ana.post("/genericItem/signFileAttachment", "en", `{"fileId": `+photo+`, "password": "senha-de-ana"}`)
	if code != 200 || body["Message"] != "The Signature Protocol could not be issued because the protocol template has not been configured" {
		t.Fatalf("sign without a template (en): %d %v", code, body)
	}
	if n := w.count(t, `SELECT count(*) FROM auth_throttle WHERE scope = 'login' AND key = 'ana'`); n != 0 {
		t.Fatalf("a right password keeps %d failures", n)
	}
	sum := sha256.Sum256(contract)
	info := bia.signaturesOf(item, file)
	sigs := info["signatures"].([]any)
	sig := sigs[0].(map[string]any)
	if len(sigs) != 1 || sig["signerName"] != "Ana" || sig["version"] != float64(1) || sig["sha256"] != hex.EncodeToString(sum[:]) ||
		sig["latitude"] != nil || sig["longitude"] != nil || sig["protocolUrl"] != "" || sig["mine"] != false ||
		len(sig["code"].(string)) != 14 || info["isPdf"] != true || info["stamped"] != false {
		t.Fatalf("bia reads the signature (who and when, not where): %v", info)
	}
	// Where Ana signed is hers (and the administrators') to see.
	if own := ana.signaturesOf(item, file)["signatures"].([]any)[0].(map[string]any); own["latitude"] != -23.5613 || own["longitude"] != -46.6565 || own["mine"] != true {
		t.Fatalf("ana reads her signature: %v", own)
	}
	var address string
	if err := w.db.QueryRow(ctx, `SELECT client_address FROM item_file_signature WHERE id = $1`, int64(sig["id"].(float64))).Scan(&address); err != nil || address == "" {
		t.Fatalf("client address %q %v", address, err)
	}
	if n := w.count(t, `SELECT count(*) FROM audit_event WHERE kind = 'file.signed'`); n != 2 {
		t.Fatalf("signatures audited: %d", n)
	}

	// Once per person and version.
	code, body = ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+file+`, "password": "senha-de-ana"}`)
	if code != 409 || bodyMessage(body) != "Você já assinou esta versão do arquivo." {
		t.Fatalf("second signature: %d %v", code, body)
	}

	// Only who may change the item signs: bia reads it only (403); an item she
	// cannot read is 404, as for the other file calls; nobody signed in is 401.
	code, body = bia.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+file+`, "password": "senha-de-bia"}`)
	if code != 403 || bodyMessage(body) != "O usuário não possui permissão de editar o item." {
		t.Fatalf("bia signs: %d %v", code, body)
	}
	secret := ana.uploadOne(itoa(w.itemIn(t, "Nova Sede")), "segredo.pdf", contract)
	if code, body = bia.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+secret+`, "password": "senha-de-bia"}`); code != 404 {
		t.Fatalf("bia signs a file she cannot read: %d %v", code, body)
	}
	if code, _ = nobody.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+file+`, "password": "x"}`); code != 401 {
		t.Fatalf("nobody signs: %d", code)
	}

	// A configured template: the protocol is issued, rendered with the signature's values.
	if _, err := w.db.Exec(ctx, `UPDATE platform_setting SET value = to_jsonb($1::text) WHERE key = 'signatureProtocolTemplate'`,
		"Declaro que {signatario} ({login}) assinou o arquivo {arquivo}, versão {versao}, em {data}.\nSHA-256: {hash}\nCódigo: {codigo} Local: {local} {desconhecido}"); err != nil {
		t.Fatal(err)
	}
	code, body = ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+secret+`, "password": "senha-de-ana"}`)
	if code != 200 || body["Message"] != "Arquivo assinado: segredo.pdf." || body["protocolIssued"] != true {
		t.Fatalf("sign with a template: %d %v", code, body)
	}
	signed := body["signature"].(map[string]any)
	code, protocol := ana.raw(signed["protocolUrl"].(string))
	text := pdfText(t, protocol)
	for _, want := range []string{"Protocolo de Assinatura", "Declaro que Ana (ana) assinou o arquivo segredo.pdf, versão 1, em 01/06/2025 12:00:00 UTC.",
		"SHA-256: " + hex.EncodeToString(sum[:]), "Código: " + signed["code"].(string) + " Local: - {desconhecido}"} {
		if code != 200 || !strings.Contains(text, want) {
			t.Fatalf("protocol lacks %q: %d %s", want, code, text)
		}
	}
	// Earlier signatures have none: the answer says so.
	if code, body = ana.get("/genericItem/downloadSignatureProtocol?signatureId="+itoa(int64(sig["id"].(float64))), "en"); code != 404 ||
		bodyMessage(body) != "This signature has no Signature Protocol: the protocol template was not configured when it was made." {
		t.Fatalf("no protocol: %d %v", code, body)
	}
	if code, _ = bia.get("/genericItem/downloadSignatureProtocol?signatureId="+itoa(int64(signed["id"].(float64))), "pt-BR"); code != 404 {
		t.Fatalf("bia reads the protocol of a file she cannot read: %d", code)
	}

	// A login the sign-in throttle locked is refused before its password is checked, right or not.
	if _, err := w.db.Exec(ctx, `INSERT INTO auth_throttle (scope, key, failures, last_failure_at, locked_until)
		VALUES ('login', 'ana', 10, now(), now() + interval '15 minutes')`); err != nil {
		t.Fatal(err)
	}
	code, body = ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+photo+`, "password": "senha-de-ana"}`)
	if code != 429 || !strings.HasPrefix(bodyMessage(body), "Acesso bloqueado temporariamente por excesso de tentativas.") {
		t.Fatalf("locked login: %d %v", code, body)
	}
	if _, err := w.db.Exec(ctx, `DELETE FROM auth_throttle`); err != nil {
		t.Fatal(err)
	}

	// Bad input is a 4xx with a Message, never a 500.
	for _, bad := range []string{`{"attachment": ` + file + `, "password": ""}`, `{"attachment": 0, "password": "senha-de-ana"}`,
		`{"attachment": ` + file + `, "password": "senha-de-ana", "latitude": 91, "longitude": 0}`,
		`{"attachment": ` + file + `, "password": "senha-de-ana", "latitude": 10}`,
		`{"attachment": ` + file + `, "password": "senha-de-ana", "latitude": 0, "longitude": -181}`,
		`{"attachment": ` + file + `, "password": "senha-de-ana", "latitude": "norte", "longitude": 0}`,
		`{"attachment": "abc", "password": "senha-de-ana"}`, `{"attachment": 99999999, "password": "senha-de-ana"}`,
		`{"attachment": ` + file + `, "password": 5}`, `[`, ``} {
		code, body := ana.post("/genericItem/signFileAttachment", "pt-BR", bad)
		if code < 400 || code >= 500 || bodyMessage(body) == "" {
			t.Errorf("%s: %d %v", bad, code, body)
		}
	}
	if code, body := ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+file+`, "password": "senha-de-ana", "latitude": 95, "longitude": 0}`); bodyMessage(body) !=
		"Localização inválida: latitude entre -90 e 90 e longitude entre -180 e 180, as duas ou nenhuma." {
		t.Errorf("bad location: %d %v", code, body)
	}
	for _, path := range []string{"/genericItem/loadFileSignatures?itemId=x", "/genericItem/downloadSignatureProtocol?signatureId=-1",
		"/genericItem/downloadFileVersion?fileId=" + file, "/genericItem/downloadFileVersion?fileId=" + file + "&version=7"} {
		if code, body := ana.get(path, "pt-BR"); code < 400 || code >= 500 || bodyMessage(body) == "" {
			t.Errorf("GET %s: %d %v", path, code, body)
		}
	}
}

// A signed server without the password check wired answers 503, never signs.
func TestSignWithoutPasswordCheckIsUnavailable(t *testing.T) {
	w := newWorld(t)
	ana := w.fileServer(t, w.ana, filepath.Join(t.TempDir(), "files"), documents.FileLimits{})
	item := itoa(w.itemIn(t, "Transformação Digital"))
	file := ana.uploadOne(item, "a.pdf", onePagePDF("A"))
	if code, body := ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+file+`, "password": "x"}`); code != 503 ||
		bodyMessage(body) != i18n.T(i18n.PtBR, "files.unavailable") {
		t.Fatalf("%d %v", code, body)
	}
}

func TestStampFileAttachment(t *testing.T) {
	w := newSignWorld(t)
	ana, bia := w.server(t, w.ana), w.server(t, w.bia)
	item := itoa(w.itemIn(t, "Transformação Digital"))
	contract := onePagePDF("Contrato de servico")
	file := ana.uploadOne(item, "contrato.pdf", contract)
	photo := ana.uploadOne(item, "foto.png", pngBytes)
	sign := func(s *fileServer, id, password string) {
		t.Helper()
		if code, body := s.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+id+`, "password": "`+password+`"}`); code != 200 {
			t.Fatalf("sign %s: %d %v", id, code, body)
		}
	}
	// Not a PDF: the spec's message, in both languages.
	sign(ana, photo, "senha-de-ana")
	code, body := ana.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": `+photo+`}`)
	if code != 400 || bodyMessage(body) != "Não foi possível carimbar um documento já carimbado e que não seja PDF" {
		t.Fatalf("stamp a PNG: %d %v", code, body)
	}
	code, body = ana.post("/genericItem/stampFileAttachment", "en", `{"attachment": `+photo+`}`)
	if code != 400 || bodyMessage(body) != "A document that is already stamped or is not a PDF cannot be stamped" {
		t.Fatalf("stamp a PNG (en): %d %v", code, body)
	}
	// A PDF nobody signed has nothing to stamp.
	if code, body = ana.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": `+file+`}`); code != 400 ||
		bodyMessage(body) != "Assine o documento antes de carimbá-lo: o carimbo mostra as assinaturas desta versão." {
		t.Fatalf("stamp unsigned: %d %v", code, body)
	}
	sign(ana, file, "senha-de-ana")
	// bia may read but not change the item.
	if code, body = bia.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": `+file+`}`); code != 403 {
		t.Fatalf("bia stamps: %d %v", code, body)
	}
	before := ana.stored()
	code, body = ana.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": {"id": `+file+`}}`)
	if code != 200 || body["Message"] != "Documento carimbado: versão 2." {
		t.Fatalf("stamp: %d %v", code, body)
	}
	var stampLogin, stampAddress string
	if err := w.db.QueryRow(context.Background(), `SELECT login, address FROM audit_event WHERE kind = 'file.stamped'`).Scan(&stampLogin, &stampAddress); err != nil ||
		stampLogin != "ana" || stampAddress == "" {
		t.Fatalf("the stamp's audit event: login %q address %q %v", stampLogin, stampAddress, err)
	}
	info := body["file"].(map[string]any)
	if info["stamped"] != true || info["version"] != float64(2) || info["stampedBy"] != "Ana" || len(info["versions"].([]any)) != 1 || ana.stored() != before+1 {
		t.Fatalf("stamped file: %v (%d stored)", info, ana.stored()-before)
	}
	// The current version is a valid PDF with the stamp; the original is kept as version 1.
	code, stamped := bia.raw("/genericItem/downloadFile?fileId=" + file)
	text := pdfText(t, stamped)
	sum := sha256.Sum256(contract)
	for _, want := range []string{"Contrato de servico", "Assinado digitalmente por Ana em 01/06/2025 12:00 UTC",
		"Código de verificação: " + info["stampCode"].(string), "SHA-256 da versão 1 assinada: " + hex.EncodeToString(sum[:])} {
		if code != 200 || !strings.Contains(text, want) {
			t.Fatalf("the stamped PDF lacks %q: %d %s", want, code, text)
		}
	}
	att := body["attachment"].(map[string]any)
	stampedSum := sha256.Sum256(stamped)
	if att["sha256"] != hex.EncodeToString(stampedSum[:]) || att["size"] != float64(len(stamped)) {
		t.Fatalf("the file's record: %v", att)
	}
	code, original := bia.raw(info["versions"].([]any)[0].(map[string]any)["url"].(string))
	if code != 200 || !bytes.Equal(original, contract) {
		t.Fatalf("original: %d %q", code, original)
	}
	// Stamped already: the spec's message; the next version may be signed once more.
	if code, body = ana.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": `+file+`}`); code != 400 ||
		bodyMessage(body) != "Não foi possível carimbar um documento já carimbado e que não seja PDF" {
		t.Fatalf("stamp twice: %d %v", code, body)
	}
	sign(ana, file, "senha-de-ana")
	info = ana.signaturesOf(item, file)
	if sigs := info["signatures"].([]any); len(sigs) != 2 || sigs[1].(map[string]any)["version"] != float64(2) ||
		sigs[1].(map[string]any)["sha256"] != hex.EncodeToString(stampedSum[:]) || info["signedByMe"] != true {
		t.Fatalf("signatures after the stamp: %v", info)
	}
	// A PDF that does not parse is refused with a message.
	broken := ana.uploadOne(item, "quebrado.pdf", pdfBytes)
	sign(ana, broken, "senha-de-ana")
	if code, body = ana.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": `+broken+`}`); code != 400 ||
		bodyMessage(body) != "Não foi possível ler este PDF para carimbá-lo (protegido por senha ou danificado)." {
		t.Fatalf("stamp a broken PDF: %d %v", code, body)
	}
	// Bad input: 4xx, never 500.
	for _, bad := range []string{`{}`, `{"attachment": "x"}`, `{"attachment": -1}`, `{"attachment": 99999999}`, `[`} {
		if code, body := ana.post("/genericItem/stampFileAttachment", "pt-BR", bad); code < 400 || code >= 500 || bodyMessage(body) == "" {
			t.Errorf("%s: %d %v", bad, code, body)
		}
	}
	// Deleting the file removes every version's bytes.
	stored := ana.stored()
	if code, body = ana.post("/genericItem/deleteAttachment", "pt-BR", `{"fileId": `+file+`}`); code != 200 {
		t.Fatalf("delete: %d %v", code, body)
	}
	if ana.stored() != stored-2 || w.count(t, `SELECT count(*) FROM item_file_signature WHERE file_id = $1`, file) != 0 {
		t.Fatalf("after delete: %d files left of %d", ana.stored(), stored)
	}
}
