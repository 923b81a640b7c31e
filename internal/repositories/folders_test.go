package repositories_test

import (
	"net/http"
	"testing"
)

func TestFoldersAndTheirRights(t *testing.T) {
	w := newWorld(t)
	td := w.td

	a := w.post("ana", "pt-BR", "createFolder", map[string]any{"projectId": td, "name": "Contratos"})
	if a.code != http.StatusOK || a.body["name"] != "Contratos" || a.body["parentId"] != nil {
		t.Fatalf("create: %d %s", a.code, a.raw)
	}
	contracts := id(a.body["id"])
	a = w.post("ana", "pt-BR", "createFolder", map[string]any{"projectId": td, "parentId": contracts, "name": "2025"})
	if a.code != http.StatusOK || id(a.body["parentId"]) != contracts {
		t.Fatalf("create inside: %d %s", a.code, a.raw)
	}
	year := id(a.body["id"])
	other := id(w.post("ana", "pt-BR", "createFolder", map[string]any{"projectId": w.secret, "name": "Plantas"}).body["id"])
	if other == 0 {
		t.Fatal("a folder in Nova Sede")
	}

	for _, c := range []struct {
		name, user, lang, call string
		in                     map[string]any
		code                   int
		message                string
	}{
		{"a taken name, any case", "ana", "pt-BR", "createFolder", map[string]any{"projectId": td, "name": "contratos"}, http.StatusConflict,
			`Já existe uma pasta "contratos" neste lugar.`},
		{"a slash", "ana", "en", "createFolder", map[string]any{"projectId": td, "name": "a/b"}, http.StatusBadRequest,
			`The name "a/b" cannot hold / or \ or control characters.`},
		{"a backslash", "ana", "pt-BR", "renameFolder", map[string]any{"folderId": year, "name": `..\x`}, http.StatusBadRequest,
			`O nome "..\x" não pode ter / nem \ nem caracteres de controle.`},
		{"dot dot", "ana", "en", "createFolder", map[string]any{"projectId": td, "name": ".."}, http.StatusBadRequest,
			`The name ".." cannot hold / or \ or control characters.`},
		{"no name", "ana", "en", "createFolder", map[string]any{"projectId": td, "name": "  "}, http.StatusBadRequest, "Enter the name."},
		{"no project", "ana", "en", "createFolder", map[string]any{"name": "x"}, http.StatusBadRequest,
			"Name the repository's project (projectId)."},
		{"a parent of another project", "ana", "pt-BR", "createFolder", map[string]any{"projectId": td, "parentId": other, "name": "x"},
			http.StatusBadRequest, "A pasta não existe no repositório deste projeto."},
		{"moved into its own child", "ana", "en", "moveFolder", map[string]any{"folderId": contracts, "parentId": year}, http.StatusBadRequest,
			"A folder cannot go inside itself."},
		{"moved into itself", "ana", "en", "moveFolder", map[string]any{"folderId": contracts, "parentId": contracts}, http.StatusBadRequest,
			"A folder cannot go inside itself."},
		{"moved to another project", "ana", "en", "moveFolder", map[string]any{"folderId": year, "parentId": other}, http.StatusBadRequest,
			"The folder does not exist in this project's repository."},
		{"a reader creates", "bia", "pt-BR", "createFolder", map[string]any{"projectId": td, "name": "x"}, http.StatusForbidden,
			"Você só pode ler o repositório deste projeto."},
		{"a reader renames", "bia", "en", "renameFolder", map[string]any{"folderId": year, "name": "x"}, http.StatusForbidden,
			"You may only read this project's repository."},
		{"a reader deletes", "bia", "en", "deleteFolder", map[string]any{"folderId": year}, http.StatusForbidden,
			"You may only read this project's repository."},
		{"an outsider creates", "bia", "en", "createFolder", map[string]any{"projectId": w.secret, "name": "x"}, http.StatusNotFound, ""},
		{"an outsider renames", "caio", "en", "renameFolder", map[string]any{"folderId": other, "name": "x"}, http.StatusNotFound, ""},
		{"a folder not empty", "ana", "pt-BR", "deleteFolder", map[string]any{"folderId": contracts}, http.StatusConflict,
			`A pasta "Contratos" não está vazia: mova ou exclua os seus arquivos e pastas antes.`},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := w.post(c.user, c.lang, c.call, c.in)
			if a.code != c.code || (c.message != "" && a.message() != c.message) || a.message() == "" {
				t.Errorf("%d %q, want %d %q", a.code, a.message(), c.code, c.message)
			}
		})
	}

	if a := w.post("ana", "en", "renameFolder", map[string]any{"folderId": year, "name": "Ano 2025"}); a.code != http.StatusOK || a.body["name"] != "Ano 2025" {
		t.Errorf("rename: %d %s", a.code, a.raw)
	}
	if a := w.post("ana", "en", "moveFolder", map[string]any{"folderId": year}); a.code != http.StatusOK || a.body["parentId"] != nil {
		t.Errorf("move to the top: %d %s", a.code, a.raw)
	}
	a = w.get("bia", "en", "/repositories/loadTree?projectId="+itoa(td))
	if a.code != http.StatusOK || a.body["canWrite"] != false || len(a.body["folders"].([]any)) != 2 {
		t.Errorf("a reader's tree: %d %s", a.code, a.raw)
	}
	if a := w.get("bia", "en", "/repositories/loadTree?projectId="+itoa(w.secret)); a.code != http.StatusNotFound {
		t.Errorf("an outsider's tree: %d", a.code)
	}
	a = w.get("bia", "en", "/repositories/loadRepositories")
	if list, _ := a.body["repositories"].([]any); a.code != http.StatusOK || len(list) != 1 {
		t.Errorf("bia's repositories: %d %s", a.code, a.raw)
	}
	if a := w.post("ana", "en", "deleteFolder", map[string]any{"folderId": contracts}); a.code != http.StatusOK || a.message() != "Folder deleted." {
		t.Errorf("delete the emptied folder: %d %s", a.code, a.raw)
	}
	a = w.get("ana", "en", "/repositories/loadTree?projectId="+itoa(td))
	if folders := a.body["folders"].([]any); len(folders) != 1 || folders[0].(map[string]any)["name"] != "Ano 2025" {
		t.Errorf("the tree after: %s", a.raw)
	}
}
