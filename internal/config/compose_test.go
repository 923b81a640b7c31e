package config

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// compose is the part of docker-compose.yml the checks below read.
type compose struct {
	Services map[string]struct {
		Environment map[string]string `yaml:"environment"`
		Ports       []yaml.Node       `yaml:"ports"`
	} `yaml:"services"`
}

// substitution is a compose ${NAME...} reference and what follows the name:
// ":?" or "?" requires it, ":-" or "-" gives a default.
var substitution = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)([:]?[-?+])?([^}]*)\}`)

// The production compose file starts nothing with a known password, keeps
// the signing and encryption keys out of the database, and publishes plain
// HTTP on loopback only (a TLS proxy goes in front).
func TestComposeRequiresTheSecretsAndPublishesOnLoopbackOnly(t *testing.T) {
	b, err := os.ReadFile("../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var c compose
	if err := yaml.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	required := map[string]bool{"POSTGRES_PASSWORD": true, "TRAMITA_JWT_SECRET": true, "TRAMITA_SECRET_KEY": true}
	secretName := regexp.MustCompile(`PASSWORD|SECRET|KEY`)
	known := map[string]bool{}
	for _, v := range variables {
		known[v.env] = true
	}
	for name, svc := range c.Services {
		for key, value := range svc.Environment {
			if strings.HasPrefix(key, "TRAMITA_") && !known[key] {
				t.Errorf("%s: %s is not a Tramita variable", name, key)
			}
			refs := substitution.FindAllStringSubmatch(value, -1)
			if secretName.MatchString(key) && len(refs) == 0 && value != "" {
				t.Errorf("%s: %s is written in the file", name, key)
			}
			for _, ref := range refs {
				variable, op, rest := ref[1], ref[2], ref[3]
				if required[variable] && !strings.HasSuffix(op, "?") {
					t.Errorf("%s: %s uses ${%s%s%s}; it must be required (${%s:?message})", name, key, variable, op, rest, variable)
				}
				if secretName.MatchString(variable) && strings.HasSuffix(op, "-") && rest != "" {
					t.Errorf("%s: %s defaults %s to %q", name, key, variable, rest)
				}
			}
		}
		for _, p := range svc.Ports {
			if hostIP := publishedOn(p); hostIP != "127.0.0.1" {
				t.Errorf("%s: port %q is published on %q, want 127.0.0.1 only", name, p.Value, hostIP)
			}
		}
	}
	tramita := c.Services["tramita"].Environment
	for _, key := range []string{"TRAMITA_JWT_SECRET", "TRAMITA_SECRET_KEY"} {
		if !strings.Contains(tramita[key], "${"+key+":?") {
			t.Errorf("tramita: %s = %q, want the required ${%s:?...}", key, tramita[key], key)
		}
	}
	if len(c.Services["postgres"].Ports) != 0 {
		t.Error("postgres publishes a port; only tramita should reach it")
	}
}

// publishedOn is the host address of a compose port, short ("127.0.0.1:8080:8080")
// or long (host_ip: 127.0.0.1) syntax; "" means every interface.
func publishedOn(p yaml.Node) string {
	if p.Kind == yaml.MappingNode {
		var long struct {
			HostIP string `yaml:"host_ip"`
		}
		_ = p.Decode(&long)
		return long.HostIP
	}
	parts := strings.Split(p.Value, ":")
	if len(parts) < 3 {
		return ""
	}
	return strings.Join(parts[:len(parts)-2], ":")
}
