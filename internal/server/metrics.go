package server

import (
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics is the process's Prometheus registry; one per server, never global.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newMetrics(pool *pgxpool.Pool, version string) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tramita_http_requests_total", Help: "HTTP requests by route pattern and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "tramita_http_request_duration_seconds", Help: "HTTP request duration by route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"method", "route"}),
	}
	m.registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.duration,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tramita_db_pool_connections", Help: "Open database connections."},
			func() float64 { return float64(pool.Stat().TotalConns()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tramita_db_pool_acquired_connections", Help: "Database connections in use."},
			func() float64 { return float64(pool.Stat().AcquiredConns()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tramita_build_info", Help: "Build version.", ConstLabels: prometheus.Labels{"version": version}},
			func() float64 { return 1 }),
	)
	return m
}

// middleware counts requests by chi's route pattern, never by raw path, so
// ids in URLs cannot blow up the number of series.
func (m *metrics) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		route := "web"
		if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" && rc.RoutePattern() != "/*" {
			route = rc.RoutePattern()
		}
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		m.requests.WithLabelValues(r.Method, route, strconv.Itoa(status)).Inc()
		m.duration.WithLabelValues(r.Method, route).Observe(time.Since(start).Seconds())
	})
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// metricsServer serves /metrics on an address of its own (loopback by
// default), never on the application's: the counts and the process figures
// are for the operator's Prometheus, not for the Internet.
type metricsServer struct {
	srv *http.Server
}

// startMetrics listens on addr and serves the metrics until stop. When addr
// is taken the application runs on without metrics, after an error in the
// log: monitoring is not worth stopping the work for.
func startMetrics(addr string, m *metrics, log *slog.Logger) *metricsServer {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Error("metrics: cannot listen; serving without metrics (set TRAMITA_METRICS_ADDR to a free address, or off)", "addr", addr, "error", err)
		return nil
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.handler())
	s := &metricsServer{srv: &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}}
	go func() {
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics: server stopped", "error", err)
		}
	}()
	log.Info("metrics ready", "url", "http://"+ln.Addr().String()+"/metrics")
	return s
}

// stop closes the metrics listener; a scrape in flight is cut short.
func (s *metricsServer) stop() {
	if s != nil {
		_ = s.srv.Close()
	}
}
