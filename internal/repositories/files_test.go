package repositories_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/admin/planlimit"
)

func TestUploadIntoFoldersAllOrNothing(t *testing.T) {
	w := newWorld(t)
	folder := id(w.post("ana", "en", "createFolder", map[string]any{"projectId": w.td, "name": "Desenhos"}).body["id"])
	other := id(w.post("ana", "en", "createFolder", map[string]any{"projectId": w.secret, "name": "Plantas"}).body["id"])
	before, err := planlimit.StorageUsed(context.Background(), w.db)
	if err != nil {
		t.Fatal(err)
	}

	a := w.upload("ana", "pt-BR", w.td, folder, part{"files", "planta.pdf", pdfV1}, part{"files", "foto.png", pngBytes},
		part{"files", "memorial.pdf", pdfV2})
	if a.code != http.StatusOK || a.message() != "Arquivos enviados: 3." || len(a.body["files"].([]any)) != 3 {
		t.Fatalf("upload three: %d %s", a.code, a.raw)
	}
	if w.stored() != 3 {
		t.Fatalf("%d files stored", w.stored())
	}
	after, _ := planlimit.StorageUsed(context.Background(), w.db)
	if after.FileBytes-before.FileBytes != int64(len(pdfV1)+len(pngBytes)+len(pdfV2)) {
		t.Errorf("the plan counts %d more bytes", after.FileBytes-before.FileBytes)
	}
	a = w.get("bia", "en", "/repositories/loadFiles?projectId="+itoa(w.td)+"&folderId="+itoa(folder))
	if a.code != http.StatusOK || a.body["total"] != 3.0 || a.body["canWrite"] != false {
		t.Fatalf("a reader lists: %d %s", a.code, a.raw)
	}
	first := a.body["files"].([]any)[0].(map[string]any)
	if first["name"] != "foto.png" || first["version"] != 1.0 || first["modifiedBy"] != "Ana" || first["contentType"] != "image/png" {
		t.Errorf("first by name: %v", first)
	}
	if a := w.get("ana", "en", "/repositories/loadFiles?projectId="+itoa(w.td)+"&folderId="+itoa(folder)+"&page=1&pageSize=2"); len(a.body["files"].([]any)) != 1 {
		t.Errorf("second page of two: %s", a.raw)
	}

	for _, c := range []struct {
		name, user, lang string
		project, folder  int64
		files            []part
		code             int
		message          string
	}{
		{"a name taken in the folder", "ana", "pt-BR", w.td, folder, []part{{"files", "novo.pdf", pdfV1}, {"files", "PLANTA.pdf", pdfV1}},
			http.StatusConflict, `Já existe um arquivo "PLANTA.pdf" nesta pasta: registre uma nova versão dele.`},
		{"a name with a path", "ana", "en", w.td, folder, []part{{"files", "ok.pdf", pdfV1}, {"files", `..\..\etc.pdf`, pdfV1}},
			http.StatusBadRequest, `The name "..\..\etc.pdf" cannot hold / or \ or control characters.`},
		{"a type not allowed", "ana", "en", w.td, folder, []part{{"files", "ok.pdf", pdfV1}, {"files", "run.exe", []byte("MZ\x90\x00")}},
			http.StatusBadRequest, "Invalid file"},
		{"a PNG named PDF", "ana", "pt-BR", w.td, folder, []part{{"files", "falso.pdf", pngBytes}}, http.StatusBadRequest, "Arquivo Inválido"},
		{"over the size", "ana", "en", w.td, folder, []part{{"files", "big.pdf", append(bytes.Clone(pdfV1), make([]byte, 70<<10)...)}},
			http.StatusRequestEntityTooLarge, ""},
		{"a folder of another project", "ana", "en", w.td, other, []part{{"files", "x.pdf", pdfV1}},
			http.StatusBadRequest, "The folder does not exist in this project's repository."},
		{"a reader", "bia", "pt-BR", w.td, folder, []part{{"files", "x.pdf", pdfV1}}, http.StatusForbidden,
			"Você só pode ler o repositório deste projeto."},
		{"an outsider", "caio", "en", w.secret, 0, []part{{"files", "x.pdf", pdfV1}}, http.StatusNotFound, ""},
		{"no file", "ana", "en", w.td, folder, nil, http.StatusBadRequest, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := w.upload(c.user, c.lang, c.project, c.folder, c.files...)
			if a.code != c.code || (c.message != "" && a.message() != c.message) || a.message() == "" {
				t.Errorf("%d %q, want %d %q", a.code, a.message(), c.code, c.message)
			}
			if w.stored() != 3 {
				t.Errorf("%d files stored after a refusal", w.stored())
			}
		})
	}
	if n := countRows(t, w, `SELECT count(*) FROM repository_file`); n != 3 {
		t.Errorf("%d file rows", n)
	}

	// The top of the repository holds files too; an item's upload is untouched.
	if a := w.upload("caio", "en", w.td, 0, part{"files", "leia-me.txt", []byte("hello")}); a.code != http.StatusOK {
		t.Errorf("upload to the top: %d %s", a.code, a.raw)
	}
	a = w.get("ana", "en", "/repositories/loadFiles?projectId="+itoa(w.td))
	if a.body["total"] != 1.0 {
		t.Errorf("the top: %s", a.raw)
	}
}

func countRows(t *testing.T, w *world, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := w.db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestVersionsLocksAndMoves(t *testing.T) {
	w := newWorld(t)
	folder := id(w.post("ana", "en", "createFolder", map[string]any{"projectId": w.td, "name": "Contratos"}).body["id"])
	archive := id(w.post("ana", "en", "createFolder", map[string]any{"projectId": w.td, "name": "Arquivo"}).body["id"])
	a := w.upload("ana", "en", w.td, folder, part{"files", "contrato.pdf", pdfV1})
	file := id(a.body["files"].([]any)[0].(map[string]any)["id"])
	fid := itoa(file)
	checkIn := func(user, lang, comment string, files ...part) answer {
		return w.multipart(user, lang, "/repositories/checkIn", append([]part{{"fileId", "", []byte(fid)}, {"comment", "", []byte(comment)}}, files...)...)
	}

	a = checkIn("caio", "pt-BR", "Cláusula 3 revista", part{"files", "contrato-rev.pdf", pdfV2})
	if a.code != http.StatusOK || a.message() != "Versão 2 registrada." {
		t.Fatalf("check in: %d %s", a.code, a.raw)
	}
	a = w.get("bia", "en", "/repositories/loadVersions?fileId="+fid)
	versions := a.body["versions"].([]any)
	if a.code != http.StatusOK || len(versions) != 2 || a.body["canWrite"] != false {
		t.Fatalf("versions: %d %s", a.code, a.raw)
	}
	v2, v1 := versions[0].(map[string]any), versions[1].(map[string]any)
	if v2["version"] != 2.0 || v2["createdBy"] != "Caio" || v2["comment"] != "Cláusula 3 revista" || v1["createdBy"] != "Ana" ||
		v2["createdAt"] != "2025-06-01T12:00:00Z" {
		t.Errorf("who and when: %v %v", v2, v1)
	}
	if f := a.body["file"].(map[string]any); f["name"] != "contrato.pdf" || f["version"] != 2.0 {
		t.Errorf("the file keeps its name: %v", f)
	}
	for v, want := range map[string][]byte{"": pdfV2, "&version=2": pdfV2, "&version=1": pdfV1} {
		if a := w.get("bia", "en", "/repositories/downloadFile?fileId="+fid+v); a.code != http.StatusOK || !bytes.Equal(a.raw, want) {
			t.Errorf("download%s: %d %q", v, a.code, a.raw)
		}
	}
	if a := w.get("bia", "en", "/repositories/downloadFile?fileId="+fid+"&version=9"); a.code != http.StatusNotFound {
		t.Errorf("a version that is not: %d", a.code)
	}
	if a := w.get("caio", "en", "/repositories/loadVersions?fileId="+fid); a.code != http.StatusOK {
		t.Errorf("caio reads: %d", a.code)
	}

	// Ana checks the file out: the others wait, readers cannot lock.
	if a := w.post("bia", "en", "lockFile", map[string]any{"fileId": file}); a.code != http.StatusForbidden {
		t.Errorf("a reader locks: %d", a.code)
	}
	a = w.post("ana", "en", "lockFile", map[string]any{"fileId": file})
	if a.code != http.StatusOK || a.body["lockedBy"] != "Ana" || a.body["lockedAt"] != "2025-06-01T12:00:00Z" {
		t.Fatalf("lock: %d %s", a.code, a.raw)
	}
	locked := `The file "contrato.pdf" is locked by Ana since 2025-06-01 12:00 UTC.`
	for _, c := range []struct {
		name string
		run  func() answer
		code int
		msg  string
	}{
		{"check in", func() answer { return checkIn("caio", "en", "mine", part{"files", "c.pdf", pdfV1}) }, http.StatusConflict, locked},
		{"check in, pt-BR", func() answer { return checkIn("caio", "pt-BR", "", part{"files", "c.pdf", pdfV1}) }, http.StatusConflict,
			`O arquivo "contrato.pdf" está bloqueado por Ana desde 2025-06-01 12:00 UTC.`},
		{"restore", func() answer {
			return w.post("caio", "en", "restoreVersion", map[string]any{"fileId": file, "version": 1})
		},
			http.StatusConflict, locked},
		{"move", func() answer {
			return w.post("caio", "en", "moveFile", map[string]any{"fileId": file, "folderId": archive})
		},
			http.StatusConflict, locked},
		{"delete", func() answer { return w.post("caio", "en", "deleteFile", map[string]any{"fileId": file}) }, http.StatusConflict, locked},
		{"lock", func() answer { return w.post("caio", "en", "lockFile", map[string]any{"fileId": file}) }, http.StatusConflict, locked},
		{"unlock", func() answer { return w.post("caio", "en", "unlockFile", map[string]any{"fileId": file}) }, http.StatusConflict,
			"Only Ana, who locked the file, or a manager of the project may unlock it."},
	} {
		t.Run("locked: "+c.name, func(t *testing.T) {
			if a := c.run(); a.code != c.code || a.message() != c.msg {
				t.Errorf("%d %q, want %d %q", a.code, a.message(), c.code, c.msg)
			}
		})
	}
	if n := countRows(t, w, `SELECT count(*) FROM repository_file_version`); n != 2 || w.stored() != 2 {
		t.Errorf("%d versions, %d stored after the refusals", n, w.stored())
	}
	// The holder's check-in ends the check-out.
	a = checkIn("ana", "en", "signed copy", part{"files", "contrato.pdf", pdfV1})
	if a.code != http.StatusOK || a.body["files"].([]any)[0].(map[string]any)["lockedBy"] != "" {
		t.Fatalf("holder checks in: %d %s", a.code, a.raw)
	}
	// A manager ends anybody's check-out.
	w.post("caio", "en", "lockFile", map[string]any{"fileId": file})
	if a := w.post("gil", "en", "unlockFile", map[string]any{"fileId": file}); a.code != http.StatusOK || a.body["lockedById"] != nil {
		t.Errorf("a manager unlocks: %d %s", a.code, a.raw)
	}

	// Restoring v2 makes v4 with v2's bytes; nothing earlier changes.
	for _, bad := range []map[string]any{{"fileId": file, "version": 3}, {"fileId": file, "version": 0}, {"fileId": file, "version": 7}} {
		if a := w.post("ana", "en", "restoreVersion", bad); a.code != http.StatusBadRequest || a.message() != "Choose a version earlier than the current one (3)." {
			t.Errorf("restore %v: %d %s", bad["version"], a.code, a.raw)
		}
	}
	if a := w.post("bia", "en", "restoreVersion", map[string]any{"fileId": file, "version": 2}); a.code != http.StatusForbidden {
		t.Errorf("a reader restores: %d", a.code)
	}
	a = w.post("ana", "en", "restoreVersion", map[string]any{"fileId": file, "version": 2, "comment": "back to the revision"})
	if a.code != http.StatusOK || a.body["version"] != 4.0 {
		t.Fatalf("restore: %d %s", a.code, a.raw)
	}
	if a := w.get("ana", "en", "/repositories/downloadFile?fileId="+fid); !bytes.Equal(a.raw, pdfV2) {
		t.Errorf("the newest after restore: %q", a.raw)
	}
	v := w.get("ana", "en", "/repositories/loadVersions?fileId="+fid).body["versions"].([]any)
	if len(v) != 4 || v[0].(map[string]any)["restoredFrom"] != 2.0 || v[0].(map[string]any)["comment"] != "back to the revision" {
		t.Errorf("versions after restore: %v", v)
	}
	if w.stored() != 3 {
		t.Errorf("a restore stores no bytes: %d", w.stored())
	}

	// Moves: within the project only, never onto a name taken.
	if a := w.post("ana", "en", "moveFile", map[string]any{"fileId": file, "folderId": archive}); a.code != http.StatusOK || id(a.body["folderId"]) != archive {
		t.Errorf("move: %d %s", a.code, a.raw)
	}
	w.upload("ana", "en", w.td, folder, part{"files", "contrato.pdf", pdfV1})
	if a := w.post("ana", "en", "moveFile", map[string]any{"fileId": file, "folderId": folder}); a.code != http.StatusConflict {
		t.Errorf("move onto a taken name: %d %s", a.code, a.raw)
	}
	other := id(w.post("ana", "en", "createFolder", map[string]any{"projectId": w.secret, "name": "X"}).body["id"])
	if a := w.post("ana", "en", "moveFile", map[string]any{"fileId": file, "folderId": other}); a.code != http.StatusBadRequest {
		t.Errorf("move to another project: %d %s", a.code, a.raw)
	}
	if a := w.post("caio", "en", "moveFile", map[string]any{"fileId": file, "folderId": folder}); a.code != http.StatusConflict {
		t.Errorf("caio moves onto a taken name: %d", a.code)
	}

	// Outsiders see nothing of another project's files.
	secret := w.upload("ana", "en", w.secret, 0, part{"files", "sigilo.pdf", pdfV1}).body["files"].([]any)[0].(map[string]any)
	sid := itoa(id(secret["id"]))
	for _, path := range []string{"/repositories/loadVersions?fileId=" + sid, "/repositories/downloadFile?fileId=" + sid,
		"/repositories/loadFiles?projectId=" + itoa(w.secret)} {
		if a := w.get("caio", "en", path); a.code != http.StatusNotFound || a.message() == "" {
			t.Errorf("an outsider's %s: %d %s", path, a.code, a.raw)
		}
	}
	if a := w.post("caio", "pt-BR", "lockFile", map[string]any{"fileId": secret["id"]}); a.code != http.StatusNotFound {
		t.Errorf("an outsider locks: %d", a.code)
	}

	// Deleting removes every version's bytes once the rows are gone.
	if n := w.stored(); n != 5 {
		t.Fatalf("%d stored before the delete", n)
	}
	if a := w.post("ana", "pt-BR", "deleteFile", map[string]any{"fileId": file}); a.code != http.StatusOK || a.message() != "Arquivo excluído." {
		t.Fatalf("delete: %d %s", a.code, a.raw)
	}
	if n := w.stored(); n != 2 || countRows(t, w, `SELECT count(*) FROM repository_file_version WHERE file_id = $1`, file) != 0 {
		t.Errorf("%d stored after the delete", n)
	}
	if a := w.get("ana", "en", "/repositories/downloadFile?fileId="+fid); a.code != http.StatusNotFound {
		t.Errorf("a deleted file: %d", a.code)
	}
	if !strings.Contains(string(w.get("ana", "en", "/repositories/loadFiles?projectId="+itoa(w.td)+"&folderId="+itoa(folder)).raw), `"total":1`) {
		t.Error("the folder keeps its other file")
	}
}
