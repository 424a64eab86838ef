#pragma once

#include "gemmtile.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QThreadPool>

#include <functional>

// NVRTC compiles of ladder kernels off the GUI thread, remembered by configuration (the
// CompileJob key: kernel, dtype, arch, tile parameters). Compiling needs no GPU and launches
// nothing; the compiler's own disk cache makes a repeated configuration instant across runs.
//
// The queue is the compiler's own (not the thread pool's), so that it can be read and changed:
// urgent compiles (the configuration on screen) go before the queued ladder and sweep ones,
// a queued compile nobody needs any more is cancelled before it starts, and a running one
// finishes and is remembered.
class TileCompiler : public QObject
{
    Q_OBJECT

public:
    // How one job is compiled (on a pool thread); the default runs NVRTC. Tests give one that
    // records and waits, to see the queue's order.
    using CompileFunction = std::function<kernels::gemm::TileCompile(const kernels::gemm::CompileJob &)>;

    explicit TileCompiler(QObject *parent = nullptr);
    ~TileCompiler() override; // drops queued compiles and waits for running ones

    void setCompileFunction(CompileFunction f);
    CompileFunction compileFunction() const { return m_compile; }
    // Compiles at a time (default: half the cores, at least one; NVRTC is CPU-heavy and the
    // GUI wants a core).
    void setMaxParallel(int n);

    // Queues the compile unless its result is known or it is queued or running already (an
    // urgent request moves a queued one to the front). Urgent ones go before the rest, the
    // latest urgent first: it is the configuration the user looks at now.
    void request(const kernels::gemm::CompileJob &job, bool urgent = false);
    // Drops a queued compile; false when it is not queued (unknown, running or done).
    bool cancel(const QString &key);
    // nullptr while unknown.
    const kernels::gemm::TileCompile *result(const QString &key) const;
    int pendingCount() const { return int(m_queue.size() + m_running.size()); }
    bool isQueued(const QString &key) const;
    bool isRunning(const QString &key) const { return m_running.contains(key); }
    QStringList queuedKeys() const; // in the order they will start

signals:
    void started(const QString &key);
    void compiled(const QString &key);

private:
    void dispatch();
    void deliver(const QString &key, const kernels::gemm::TileCompile &result);

    QThreadPool m_pool;
    int m_maxParallel = 1;
    CompileFunction m_compile;
    QList<kernels::gemm::CompileJob> m_queue;
    QSet<QString> m_running;
    QHash<QString, kernels::gemm::TileCompile> m_done;
};
