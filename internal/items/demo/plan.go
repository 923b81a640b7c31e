package demo

import (
	"fmt"
	"math"
	"time"

	"github.com/tramita/tramita/internal/schedule/engine"
)

// planTask is a task of the demo's project plan: a phase (a task others
// name as parent) or a task of one, with its duration in working days (0:
// a milestone) and its predecessors among the tasks before it.
type planTask struct {
	key, parent, title string
	days               int
	preds              []planLink
}

type planLink struct {
	pred string
	typ  engine.LinkType
	lag  int
}

func linkFS(pred string, lag int) planLink { return planLink{pred, engine.FS, lag} }
func linkSS(pred string, lag int) planLink { return planLink{pred, engine.SS, lag} }
func linkFF(pred string, lag int) planLink { return planLink{pred, engine.FF, lag} }
func linkSF(pred string, lag int) planLink { return planLink{pred, engine.SF, lag} }

// digitalPlan is "Transformação Digital"'s plan, in order: a parent and
// every predecessor come before the tasks that name them, so the plan can
// be written item by item. Its 46 rows are as many tasks as the seed puts
// in the project; a shorter project keeps the first ones.
var digitalPlan = []planTask{
	{key: "A", title: "Iniciação"},
	{key: "A1", parent: "A", title: "Levantar expectativas da diretoria", days: 3},
	{key: "A2", parent: "A", title: "Mapear processos atuais", days: 8, preds: []planLink{linkSS("A1", 2)}},
	{key: "A3", parent: "A", title: "Elaborar o termo de abertura", days: 4, preds: []planLink{linkFS("A2", 0)}},
	{key: "A4", parent: "A", title: "Termo de abertura aprovado", preds: []planLink{linkFS("A3", 0)}},
	{key: "B", title: "Diagnóstico"},
	{key: "B1", parent: "B", title: "Inventariar sistemas legados", days: 6, preds: []planLink{linkFS("A4", 0)}},
	{key: "B3", parent: "B", title: "Entrevistar as áreas de negócio", days: 10, preds: []planLink{linkFS("A4", 2)}},
	{key: "B4", parent: "B", title: "Consolidar o diagnóstico", days: 5, preds: []planLink{linkFF("B3", 3), linkFS("B1", 0)}},
	{key: "B5", parent: "B", title: "Diagnóstico apresentado", preds: []planLink{linkFS("B4", 0)}},
	{key: "C", title: "Planejamento"},
	{key: "C1", parent: "C", title: "Definir a arquitetura alvo", days: 8, preds: []planLink{linkFS("B5", 0)}},
	{key: "C2", parent: "C", title: "Priorizar as iniciativas", days: 4, preds: []planLink{linkSS("C1", 3)}},
	{key: "C3", parent: "C", title: "Detalhar o orçamento", days: 6, preds: []planLink{linkFS("C2", 0)}},
	{key: "C5", parent: "C", title: "Cronograma-mestre aprovado", preds: []planLink{linkFS("C3", 0)}},
	{key: "D", title: "Infraestrutura"},
	{key: "D1", parent: "D", title: "Contratar o link de dados", days: 10, preds: []planLink{linkFS("C5", 0)}},
	{key: "D2", parent: "D", title: "Instalar os servidores", days: 6, preds: []planLink{linkFS("D1", -2)}},
	{key: "D3", parent: "D", title: "Configurar o backup noturno", days: 3, preds: []planLink{linkFS("D2", 0)}},
	{key: "D5", parent: "D", title: "Executar os testes de carga", days: 4, preds: []planLink{linkSS("D3", 1)}},
	{key: "D6", parent: "D", title: "Infraestrutura liberada", preds: []planLink{linkFS("D5", 0)}},
	{key: "E", title: "Portal do cliente"},
	{key: "E1", parent: "E", title: "Levantar os requisitos do portal", days: 6, preds: []planLink{linkFS("C5", 0)}},
	{key: "E3", parent: "E", title: "Desenvolver o cadastro de clientes", days: 12, preds: []planLink{linkSS("E1", 3)}},
	{key: "E5", parent: "E", title: "Integrar com a API de pagamentos", days: 10, preds: []planLink{linkFS("E3", 0), linkFS("D6", 0)}},
	{key: "E6", parent: "E", title: "Testar o portal integrado", days: 8, preds: []planLink{linkFS("E5", 0)}},
	{key: "E7", parent: "E", title: "Homologar com os usuários", days: 5, preds: []planLink{linkFS("E6", 2)}},
	{key: "E8", parent: "E", title: "Portal homologado", preds: []planLink{linkFS("E7", 0)}},
	{key: "F", title: "Integração com o ERP"},
	{key: "F1", parent: "F", title: "Especificar as interfaces", days: 6, preds: []planLink{linkFS("C5", 0)}},
	{key: "F2", parent: "F", title: "Desenvolver a interface de pedidos", days: 10, preds: []planLink{linkFS("F1", 0)}},
	{key: "F4", parent: "F", title: "Migrar o cadastro de fornecedores", days: 7, preds: []planLink{linkFS("F1", 5)}},
	{key: "F5", parent: "F", title: "Conciliar os dados migrados", days: 4, preds: []planLink{linkFF("F4", 2)}},
	{key: "F7", parent: "F", title: "Integração homologada", preds: []planLink{linkFS("F2", 0), linkFS("F5", 0)}},
	{key: "H", title: "Pessoas e mudança"},
	{key: "H1", parent: "H", title: "Mapear os impactos por área", days: 5, preds: []planLink{linkFS("C5", 0)}},
	{key: "H2", parent: "H", title: "Preparar o material de treinamento", days: 8, preds: []planLink{linkFS("H1", 0), linkSS("E6", 0)}},
	{key: "H4", parent: "H", title: "Treinar os usuários finais", days: 10, preds: []planLink{linkFS("H2", 0)}},
	{key: "H5", parent: "H", title: "Conduzir a campanha de comunicação", days: 12, preds: []planLink{linkSF("H4", 2)}},
	{key: "I", title: "Implantação"},
	{key: "I1", parent: "I", title: "Planejar a virada", days: 4, preds: []planLink{linkFS("E8", 0), linkFS("F7", 0)}},
	{key: "I4", parent: "I", title: "Virar o portal e o ERP", days: 2, preds: []planLink{linkFS("I1", 0), linkFS("D6", 0)}},
	{key: "I5", parent: "I", title: "Entrada em produção", preds: []planLink{linkFS("I4", 0)}},
	{key: "J", title: "Encerramento"},
	{key: "J1", parent: "J", title: "Avaliar os resultados", days: 5, preds: []planLink{linkFF("I4", 5)}},
	{key: "J3", parent: "J", title: "Projeto encerrado", preds: []planLink{linkFS("J1", 0), linkFS("H5", 0)}},
}

// planStart is the plan's first day, a Monday; planToday is the demo's
// "today" for progress (the tests' clock).
var (
	planStart = engine.DateOf(2025, time.March, 3)
	planToday = engine.DateOf(2025, time.June, 1)
)

// plannedTask is a task of the plan as scheduled: its dates (its start is
// what the schedule view reads as start-no-earlier-than, so scheduling it
// again gives the same dates), milestone flag, progress by planToday, and
// the indexes of its parent (-1: none) and predecessors.
type plannedTask struct {
	title         string
	start, finish engine.Date
	milestone     bool
	summary       bool
	days          int
	progress      float64
	parent        int
	preds         []plannedLink
}

type plannedLink struct {
	pred int
	typ  engine.LinkType
	lag  int
}

// scheduledPlan schedules digitalPlan on the standard calendar.
func scheduledPlan() ([]plannedTask, error) {
	at := make(map[string]int, len(digitalPlan))
	p := engine.Project{Start: planStart}
	for i, t := range digitalPlan {
		at[t.key] = i
		task := engine.Task{ID: int64(i + 1), Title: t.title, Duration: t.days}
		if t.parent != "" {
			task.Parent = int64(at[t.parent] + 1)
		}
		p.Tasks = append(p.Tasks, task)
		for _, l := range t.preds {
			p.Links = append(p.Links, engine.Link{Pred: int64(at[l.pred] + 1), Succ: int64(i + 1), Type: l.typ, Lag: l.lag})
		}
	}
	res, err := engine.Schedule(p)
	if err != nil {
		return nil, fmt.Errorf("demo plan: %w", err)
	}
	out := make([]plannedTask, len(digitalPlan))
	for i, t := range digitalPlan {
		r := res.Tasks[i]
		pt := plannedTask{title: t.title, start: r.Start, finish: r.Finish, milestone: r.Milestone, summary: r.Summary,
			days: r.Duration, parent: -1}
		if t.parent != "" {
			pt.parent = at[t.parent]
		}
		for _, l := range t.preds {
			pt.preds = append(pt.preds, plannedLink{at[l.pred], l.typ, l.lag})
		}
		switch {
		case r.Finish < planToday:
			pt.progress = 100
		case r.Start < planToday && !r.Summary:
			done := engine.Standard().WorkdaysBetween(r.Start, planToday)
			pt.progress = math.Min(90, math.Round(float64(done)/float64(max(r.Duration, 1))*10)*10)
		}
		out[i] = pt
	}
	// A phase's progress is its tasks' weighted by duration, as the
	// schedule rolls it up.
	work, done := make([]float64, len(out)), make([]float64, len(out))
	for _, t := range out {
		if t.parent >= 0 {
			d := float64(t.days)
			work[t.parent] += d
			done[t.parent] += d * t.progress
		}
	}
	for i := range out {
		if work[i] > 0 {
			out[i].progress = math.Round(done[i] / work[i])
		}
	}
	return out, nil
}

// apply makes a sample task this task of the plan: its title, dates,
// milestone flag, progress and an estimate of a working day's 8 hours per
// day of a task (none for a phase or a milestone).
func (t plannedTask) apply(values map[string]any) string {
	values["startDate"], values["dueDate"] = day(t.start.Time()), day(t.finish.Time())
	values["milestone"], values["progress"] = t.milestone, t.progress
	values["estimate"] = 0.0
	if !t.summary {
		values["estimate"] = float64(t.days * 8)
	}
	return t.title
}
