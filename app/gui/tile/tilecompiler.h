#pragma once

#include "gemmtile.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QThreadPool>

// NVRTC compiles of ladder kernels off the GUI thread, remembered by configuration (the
// CompileJob key: kernel, dtype, arch, tile parameters). Compiling needs no GPU and launches
// nothing; the compiler's own disk cache makes a repeated configuration instant across runs.
class TileCompiler : public QObject
{
    Q_OBJECT

public:
    explicit TileCompiler(QObject *parent = nullptr);
    ~TileCompiler() override; // drops queued compiles and waits for running ones

    // Starts the compile unless its result is known or it is already queued; urgent ones
    // (the configuration on screen) run before queued sweep and ladder compiles.
    void request(const kernels::gemm::CompileJob &job, bool urgent = false);
    // nullptr while unknown.
    const kernels::gemm::TileCompile *result(const QString &key) const;
    bool isPending(const QString &key) const { return m_pending.contains(key); }
    int pendingCount() const { return int(m_pending.size()); }

signals:
    void compiled(const QString &key);

private:
    void deliver(const QString &key, const kernels::gemm::TileCompile &result);

    QThreadPool m_pool;
    QHash<QString, kernels::gemm::TileCompile> m_done;
    QSet<QString> m_pending;
};
